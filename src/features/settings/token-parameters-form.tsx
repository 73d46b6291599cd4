import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import * as v from 'valibot';
import {
  AFFILIATE_PARAMETER_MAX_LENGTH,
  initialParameterValues,
  parametersSchema,
  type AffiliateParameterValues,
  type AffiliateProgram,
} from '@/lib/affiliate-programs';
import { splitFormFailure } from '@/api/form-failure';

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
  const [failure, setFailure] = useState<string>();
  const form = useForm<AffiliateParameterValues>({
    mode: 'uncontrolled',
    initialValues: initialParameterValues(program, saved),
    validate: schemaResolver(schema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(undefined);
    try {
      await onSave(v.parse(schema, values));
    } catch (error) {
      const { fieldErrors, message } = splitFormFailure(
        error,
        program.parameters.map((parameter) => parameter.name),
      );
      form.setErrors(fieldErrors);
      setFailure(message);
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
            autoComplete="off"
            spellCheck={false}
            data-autofocus={index === 0 ? true : undefined}
            maxLength={AFFILIATE_PARAMETER_MAX_LENGTH}
            {...form.getInputProps(parameter.name)}
          />
        ))}
        {failure && (
          <Alert color="red" title="Not saved" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
