import { Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import * as v from 'valibot';
import { splitFormFailure } from '@/api/form-failure';
import { FormActions } from '@/components/form-actions';
import { FormFailure } from '@/components/form-failure';
import { useFormFailure } from '@/components/use-form-failure';
import { verbatimFieldProps } from '@/lib/validation-rules';
import {
  AFFILIATE_PARAMETER_MAX_LENGTH,
  initialParameterValues,
  parametersSchema,
  type AffiliateParameterValues,
  type AffiliateProgram,
} from '@/lib/affiliate-programs';

interface TokenParametersFormProps {
  program: AffiliateProgram;
  saved?: AffiliateParameterValues;
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
  /** Rejects with the API's error; the form then shows it and keeps what was typed. */
  onSave: (parameters: AffiliateParameterValues) => Promise<unknown>;
}

/** The fields one program asks for, each checked by that program's own rule. */
export function TokenParametersForm({
  program,
  saved,
  submitLabel,
  pending,
  onCancel,
  onSave,
}: TokenParametersFormProps) {
  const [schema] = useState(() => parametersSchema(program));
  const form = useForm<AffiliateParameterValues>({
    mode: 'uncontrolled',
    initialValues: initialParameterValues(program, saved),
    validate: schemaResolver(schema, { sync: true }),
  });
  const failure = useFormFailure(form);

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

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {program.parameters.map((parameter, index) => (
          <TextInput
            key={form.key(parameter.name)}
            label={parameter.label}
            description={parameter.description}
            placeholder={parameter.placeholder}
            required
            {...verbatimFieldProps}
            data-autofocus={index === 0 ? true : undefined}
            maxLength={AFFILIATE_PARAMETER_MAX_LENGTH}
            {...form.getInputProps(parameter.name)}
          />
        ))}
        <FormFailure title="Not saved" message={failure.message} />
        <FormActions onCancel={onCancel} submitLabel={submitLabel} pending={pending} />
      </Stack>
    </form>
  );
}
