import { Loader, TextInput, type TextInputProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { shortLinkPrefixSection } from '@/components/short-link-prefix';
import { VANITY_CODE_TAKEN_MESSAGE, verbatimFieldProps } from '@/lib/validation-rules';
import { useAliasAvailability, useAliasPrefix } from './collection-alias';

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
  const { checking, isAvailable, availableAt } = useAliasAvailability(typed, currentAlias);
  const prefix = useAliasPrefix();
  const shownError: ReactNode =
    error ?? (isAvailable === false ? VANITY_CODE_TAKEN_MESSAGE : undefined);
  return (
    <TextInput
      {...inputProps}
      label="Alias"
      description={
        currentAlias
          ? `Readers open the collection at ${prefix ? `${prefix}${currentAlias}` : `its alias ${currentAlias}`} now. Change it and the old address stops working.`
          : '3 to 22 letters, digits, hyphens or underscores. Leave it empty and we choose one.'
      }
      placeholder="orchard-trilogy"
      {...shortLinkPrefixSection(prefix)}
      rightSection={checking ? <Loader size={16} aria-label="Checking the alias" /> : null}
      {...verbatimFieldProps}
      aria-busy={checking}
      error={shownError}
      errorProps={{ role: 'alert' }}
      success={availableAt && `${availableAt} is available.`}
      successProps={{ role: 'status' }}
    />
  );
}
