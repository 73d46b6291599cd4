import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A section of the settings page: its heading and what it is for, then what it holds. */
export function SettingsSection({
  id,
  title,
  description,
  aside,
  children,
}: {
  /** Names the section's heading element, `${id}-heading`. */
  id: string;
  title: string;
  description: ReactNode;
  /** Shown at the heading's end, across from it: the section's main button. */
  aside?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  const heading = (
    <div>
      <Title order={2} id={headingId}>
        {title}
      </Title>
      <Text c="dimmed" size="sm" maw={560}>
        {description}
      </Text>
    </div>
  );
  return (
    <Stack component="section" aria-labelledby={headingId}>
      {aside === undefined ? (
        heading
      ) : (
        <Group justify="space-between" align="flex-end">
          {heading}
          {aside}
        </Group>
      )}
      {children}
    </Stack>
  );
}
