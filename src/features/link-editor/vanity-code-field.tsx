import { Loader, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { KeyboardEvent, ReactNode } from 'react';
import * as v from 'valibot';
import { shortLinkPrefixSection } from '@/components/short-link-prefix';
import { isEnterKey } from '@/lib/keyboard';
import { shortLinkPrefix } from '@/lib/short-link';
import {
  normalizeVanityCode,
  VANITY_CODE_MAX_LENGTH,
  VANITY_CODE_MIN_LENGTH,
  VANITY_CODE_TAKEN_MESSAGE,
  vanityCodeSchema,
  verbatimFieldProps,
} from '@/lib/validation-rules';
import type { LinkEditorForm } from './link-editor-form';
import {
  isTaken,
  shortLinkPrefixQueryOptions,
  vanityAvailabilityQueryOptions,
} from './link-editor-queries';
import { vanityCodeFormatError } from './link-editor-schemas';

export const AVAILABILITY_DEBOUNCE_MS = 400;

/** Whether a code can be asked about: an empty code counts as available without a call. */
function isCheckable(code: string): boolean {
  return code !== '' && v.is(vanityCodeSchema, code);
}

interface VanityCodeFieldProps {
  form: LinkEditorForm;
  readOnly: boolean;
  onSubmitStep: () => void;
}

/** The custom ending of the short link, checked for availability as the author types. */
export function VanityCodeField({ form, readOnly, onSubmitStep }: VanityCodeFieldProps) {
  const code = normalizeVanityCode(form.useWatchValue('code'));
  const [debouncedCode] = useDebouncedValue(code, AVAILABILITY_DEBOUNCE_MS);
  const availability = useQuery({
    ...vanityAvailabilityQueryOptions(debouncedCode),
    enabled: isCheckable(debouncedCode),
  });
  const { data: prefixAnswer } = useQuery(shortLinkPrefixQueryOptions());

  // Answers are only shown for the code as it is now, never for one the author has since changed.
  const settled = debouncedCode === code && isCheckable(code);
  const isAvailable = settled ? availability.data?.isAvailable : undefined;
  const checking = isCheckable(code) && (!settled || availability.isFetching);
  const inputProps = form.getInputProps('code');
  const formError = inputProps.error as ReactNode;
  // Format and length are told once the author pauses, not only when the link is sent.
  const formatError = debouncedCode === code ? vanityCodeFormatError(code) : undefined;
  const error =
    formError ??
    formatError ??
    (settled && isTaken(availability.data) ? VANITY_CODE_TAKEN_MESSAGE : undefined);

  return (
    <TextInput
      key={form.key('code')}
      {...inputProps}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (!isEnterKey(event) || event.nativeEvent.isComposing) return;
        event.preventDefault();
        onSubmitStep();
      }}
      error={error}
      errorProps={{ role: 'alert' }}
      success={
        isAvailable === true && !checking && availability.data
          ? `${shortLinkPrefix(availability.data.shortUrl)}${code} is available.`
          : undefined
      }
      successProps={{ role: 'status' }}
      label="Custom ending (optional)"
      description={`${VANITY_CODE_MIN_LENGTH} to ${VANITY_CODE_MAX_LENGTH} letters, digits, - and _. Leave it empty and we pick a short code.`}
      placeholder="salt-orchard"
      {...verbatimFieldProps}
      readOnly={readOnly}
      {...shortLinkPrefixSection(prefixAnswer && shortLinkPrefix(prefixAnswer.shortUrl))}
      rightSection={checking ? <Loader size={16} aria-label="Checking availability" /> : null}
      aria-busy={checking}
    />
  );
}
