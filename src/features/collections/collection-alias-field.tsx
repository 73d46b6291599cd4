import { Loader, Text, TextInput, type TextInputProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { VANITY_CODE_TAKEN_MESSAGE, verbatimFieldProps } from '@/lib/validation-rules';
import { useAliasAvailability } from './collection-alias';

/** Collections open at this path on the short-link host. */
const ALIAS_PREFIX = 'shelf.to/c/';

interface CollectionAliasFieldProps extends Omit<TextInputProps, 'label'> {
  /** The alias as typed now (the form's watched value). */
  typed: string;
  /** The collection's alias when editing one: it counts as free. */
  currentAlias?: string;
}

/** A collection's alias, checked for availability as the author types. */
export function CollectionAliasField({
  typed,
  currentAlias,
  error,
  ...inputProps
}: CollectionAliasFieldProps) {
  const { code, checking, isAvailable } = useAliasAvailability(typed, currentAlias);
  const shownError: ReactNode =
    error ?? (isAvailable === false ? VANITY_CODE_TAKEN_MESSAGE : undefined);
  return (
    <TextInput
      {...inputProps}
      label="Alias"
      description={
        currentAlias
          ? `Readers open the collection at ${ALIAS_PREFIX}${currentAlias} now. Change it and the old address stops working.`
          : '3 to 22 letters, digits, hyphens or underscores. Leave it empty and we choose one.'
      }
      placeholder="orchard-trilogy"
      leftSection={
        <Text size="sm" c="dimmed" aria-hidden="true">
          {ALIAS_PREFIX}
        </Text>
      }
      leftSectionWidth={84}
      leftSectionPointerEvents="none"
      rightSection={checking ? <Loader size={16} aria-label="Checking the alias" /> : null}
      {...verbatimFieldProps}
      aria-busy={checking}
      error={shownError}
      errorProps={{ role: 'alert' }}
      success={isAvailable === true ? `${ALIAS_PREFIX}${code} is available.` : undefined}
      successProps={{ role: 'status' }}
    />
  );
}
