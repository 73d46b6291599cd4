import { Text, type TextInputProps } from '@mantine/core';

type PrefixSectionProps = Pick<
  TextInputProps,
  'leftSection' | 'leftSectionWidth' | 'leftSectionPointerEvents'
>;

/**
 * A code field's short-link prefix ('shelf.to/'), drawn inside the field before the code and as
 * wide as the prefix, which depends on where short links are served; nothing until it is known.
 */
export function shortLinkPrefixSection(prefix: string | undefined): PrefixSectionProps {
  if (!prefix) return {};
  return {
    leftSection: (
      <Text size="sm" c="dimmed" aria-hidden="true">
        {prefix}
      </Text>
    ),
    leftSectionWidth: `calc(${prefix.length}ch + 12px)`,
    leftSectionPointerEvents: 'none',
  };
}
