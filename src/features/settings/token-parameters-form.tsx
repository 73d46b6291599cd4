import { CloseButton, Fieldset, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import * as v from 'valibot';
import { splitFormFailure } from '@/api/form-failure';
import { FormActions } from '@/components/form-actions';
import { FormFailure } from '@/components/form-failure';
import { useFormFailure } from '@/components/use-form-failure';
import { verbatimFieldProps } from '@/lib/validation-rules';
import {
  countryFlag,
  countryName,
  initialValues,
  parameterGroups,
  programValuesSchema,
  type ParameterValues,
  type ProgramDetails,
  type ProgramParameter,
} from './affiliate-parameters';

interface TokenParametersFormProps {
  program: ProgramDetails;
  saved?: ParameterValues;
  /** Stored values that fail their format: shown with the format's message until fixed. */
  invalid?: readonly string[];
  /** The parameter whose field takes the focus; the first one otherwise. */
  focus?: string;
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
  /** Gets every value as typed and trimmed; rejects with the API's error, which the form then shows. */
  onSave: (values: ParameterValues) => Promise<unknown>;
}

/** Every parameter the program takes, by marketplace where it has them, each checked by its own format. */
export function TokenParametersForm({
  program,
  saved,
  invalid = [],
  focus,
  submitLabel,
  pending,
  onCancel,
  onSave,
}: TokenParametersFormProps) {
  const [schema] = useState(() => programValuesSchema(program));
  const form = useForm<ParameterValues>({
    mode: 'uncontrolled',
    initialValues: initialValues(program, saved),
    initialErrors: Object.fromEntries(
      program.parameters
        .filter((parameter) => invalid.includes(parameter.name))
        .map((parameter) => [parameter.name, parameter.formatMessage]),
    ),
    validate: schemaResolver(schema, { sync: true }),
    validateInputOnChange: true,
  });
  const failure = useFormFailure(form);
  const focused = focus ?? program.parameters[0]?.name;

  const submit = form.onSubmit(async (values) => {
    failure.clear();
    try {
      await onSave(v.parse(schema, values));
    } catch (error) {
      failure.apply(
        splitFormFailure(
          error,
          program.parameters.map((parameter) => parameter.name),
        ),
      );
    }
  });

  const field = (parameter: ProgramParameter) => (
    <TextInput
      key={form.key(parameter.name)}
      id={`field-${parameter.name}`}
      label={`${parameter.label} (${parameter.name})`}
      description={parameter.required ? undefined : 'Leave empty for none.'}
      placeholder={parameter.example}
      {...verbatimFieldProps}
      data-autofocus={parameter.name === focused ? true : undefined}
      maxLength={parameter.maxLength}
      rightSection={
        <CloseButton
          size="sm"
          aria-label={`Clear ${parameter.label}: saving removes it`}
          title="Clear: saving removes this value"
          onClick={() => {
            form.setFieldValue(parameter.name, '');
          }}
        />
      }
      {...form.getInputProps(parameter.name)}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {parameterGroups(program).map((group) =>
          group.country === null ? (
            <Stack key="every-store" gap="sm">
              {group.parameters.map(field)}
            </Stack>
          ) : (
            <Fieldset
              key={group.country}
              legend={
                <>
                  <span aria-hidden="true">{countryFlag(group.country)}</span>{' '}
                  {countryName(group.country)} · {group.host}
                </>
              }
              variant="unstyled"
              styles={{ legend: { fontWeight: 500, fontSize: 'var(--mantine-font-size-sm)' } }}
            >
              <Stack gap="sm">{group.parameters.map(field)}</Stack>
            </Fieldset>
          ),
        )}
        <FormFailure title="Not saved" message={failure.message} />
        <FormActions onCancel={onCancel} submitLabel={submitLabel} pending={pending} />
      </Stack>
    </form>
  );
}
