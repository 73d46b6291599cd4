import '@/components/on-demand-mantine-styles';
import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { randomId } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { FocusEvent, ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '@/components/anchor-link';
import { affiliateProgramsQueryOptions } from '@/lib/affiliate-programs';
import { verbatimFieldProps } from '@/lib/validation-rules';
import type { LinkEditorForm } from './link-editor-form';
import {
  MAX_PARAMETERS,
  PARAMETER_KEY_MAX_LENGTH,
  PARAMETER_VALUE_MAX_LENGTH,
  programParameterMessage,
  programSettingParameter,
} from './link-editor-schemas';

type ProgramsByParameter = Parameters<typeof programSettingParameter>[1];

/** A name's error; where a program sets that name, with the way to the setting it belongs in. */
function parameterNameError(key: string, error: ReactNode, programs: ProgramsByParameter) {
  if (!error || !programSettingParameter(key, programs)) return error;
  return (
    <>
      {error}{' '}
      <AnchorLink to="/settings" hash="affiliate-tokens-heading">
        Open Affiliate settings
      </AnchorLink>
    </>
  );
}

interface ParameterRowsProps {
  form: LinkEditorForm;
  readOnly: boolean;
}

/** Extra query parameters for the destination, as name and value rows. */
export function ParameterRows({ form, readOnly }: ParameterRowsProps) {
  const rows = form.useWatchValue('parameters');
  // The server's list names every program's parameters, region variants included.
  const programs = useQuery(affiliateProgramsQueryOptions()).data?.results;
  const rowsRef = useRef<HTMLDivElement>(null);
  const focusRow = useRef<number | null>(null);

  // A new row's name field takes the focus; after a removal the add button does.
  useEffect(() => {
    const index = focusRow.current;
    if (index === null) return;
    focusRow.current = null;
    const inputs = rowsRef.current?.querySelectorAll<HTMLInputElement>('input[data-row-name]');
    const target = inputs?.[index];
    if (target) target.focus();
    else rowsRef.current?.querySelector<HTMLButtonElement>('button[data-add-row]')?.focus();
  }, [rows.length]);

  return (
    <Fieldset
      legend="Extra parameters (optional)"
      variant="unstyled"
      styles={{ legend: { fontWeight: 500, fontSize: 'var(--mantine-font-size-sm)' } }}
    >
      <Stack gap="sm" ref={rowsRef}>
        <Text size="sm" c="dimmed">
          Added to the destination address, for example utm_campaign = autumn-tour.
        </Text>
        {rows.map((row, index) => {
          const path = `parameters.${index}.key`;
          const nameInput = form.getInputProps(path);
          const nameBlur = nameInput.onBlur as
            ((event: FocusEvent<HTMLInputElement>) => void) | undefined;
          const key = form.getValues().parameters[index]?.key ?? '';
          return (
            <Group key={row.id} align="flex-start" wrap="nowrap" gap="xs">
              <TextInput
                {...nameInput}
                onBlur={(event) => {
                  nameBlur?.(event);
                  const program = programSettingParameter(event.currentTarget.value, programs);
                  if (program) {
                    form.setFieldError(
                      path,
                      programParameterMessage(event.currentTarget.value, program.programName),
                    );
                  }
                }}
                error={parameterNameError(key, nameInput.error as ReactNode, programs)}
                label="Name"
                aria-label={`Parameter ${index + 1} name`}
                data-row-name
                placeholder="utm_campaign"
                {...verbatimFieldProps}
                maxLength={PARAMETER_KEY_MAX_LENGTH}
                readOnly={readOnly}
                style={{ flex: 1 }}
              />
              <TextInput
                {...form.getInputProps(`parameters.${index}.value`)}
                label="Value"
                aria-label={`Parameter ${index + 1} value`}
                placeholder="autumn-tour"
                {...verbatimFieldProps}
                maxLength={PARAMETER_VALUE_MAX_LENGTH}
                readOnly={readOnly}
                style={{ flex: 1 }}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                mt={26}
                aria-label={`Remove parameter ${index + 1}`}
                disabled={readOnly}
                onClick={() => {
                  focusRow.current = index < rows.length - 1 ? index : -1;
                  form.removeListItem('parameters', index);
                }}
              >
                <IconTrash size={18} aria-hidden="true" />
              </ActionIcon>
            </Group>
          );
        })}
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            data-add-row
            disabled={readOnly || rows.length >= MAX_PARAMETERS}
            onClick={() => {
              focusRow.current = rows.length;
              form.insertListItem('parameters', { id: randomId(), key: '', value: '' });
            }}
          >
            Add parameter
          </Button>
          {rows.length >= MAX_PARAMETERS && (
            <Text size="sm" c="dimmed">
              A link can carry at most {MAX_PARAMETERS} parameters.
            </Text>
          )}
        </Group>
      </Stack>
    </Fieldset>
  );
}
