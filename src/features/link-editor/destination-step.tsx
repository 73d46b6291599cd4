import { Alert, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ChangeEvent, KeyboardEvent } from 'react';
import { AnchorLink } from '@/components/anchor-link';
import { affiliateProgramsQueryOptions } from '@/lib/affiliate-programs';
import { isEnterKey } from '@/lib/keyboard';
import { destinationAddressProps } from '@/lib/validation-rules';
import { FirstStepButtons } from './first-step-buttons';
import { destinationFieldLook } from './link-editor-look';
import { addressProgramParametersWarning } from './link-editor-schemas';
import { isPreviewable, LinkPreview } from './link-preview';
import type { LinkEditorStepProps } from './link-editor-form';

export const PREVIEW_DEBOUNCE_MS = 400;

interface DestinationStepProps extends LinkEditorStepProps {
  /** A check or the create request is running. */
  busy: boolean;
  onEntered: () => void;
  onContinue: () => void;
}

export function DestinationStep({
  form,
  busy,
  creating,
  failure,
  onEntered,
  onContinue,
  onCreate,
}: DestinationStepProps) {
  const destination = form.useWatchValue('url');
  const [debouncedDestination] = useDebouncedValue(destination, PREVIEW_DEBOUNCE_MS);
  const inputProps = form.getInputProps('url');
  const onInputChange = inputProps.onChange as (event: ChangeEvent<HTMLInputElement>) => void;
  // The server's list names every program's parameters, region variants included.
  const programs = useQuery(affiliateProgramsQueryOptions()).data?.results;
  const parametersWarning = addressProgramParametersWarning(debouncedDestination, programs);

  return (
    <Stack gap="md">
      <TextInput
        key={form.key('url')}
        {...inputProps}
        onChange={(event) => {
          onInputChange(event);
          if (event.currentTarget.value.trim() !== '') onEntered();
        }}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (!isEnterKey(event) || event.nativeEvent.isComposing) return;
          // Handled here rather than by the form's own submit, so one Enter is one step.
          event.preventDefault();
          if (!busy) onContinue();
        }}
        {...destinationFieldLook}
        {...destinationAddressProps}
        leftSection={<IconLink size={18} aria-hidden="true" />}
        errorProps={{ role: 'alert' }}
        readOnly={creating}
      />
      {parametersWarning && (
        <Alert
          color="yellow"
          role="status"
          icon={<IconAlertTriangle size={18} aria-hidden="true" />}
          title="Readers get your own affiliate token"
        >
          {parametersWarning}{' '}
          <AnchorLink to="/settings" hash="affiliate-tokens-heading">
            Open Affiliate settings
          </AnchorLink>
        </Alert>
      )}
      <LinkPreview
        destination={debouncedDestination}
        settling={destination !== debouncedDestination && isPreviewable(destination)}
      />
      {failure}
      <FirstStepButtons onCreate={onCreate} busy={busy} creating={creating} />
    </Stack>
  );
}
