import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useId } from 'react';
import { UNKNOWN_FIELD_ERROR } from '@/api/api-error';
import { splitFormFailure } from '@/api/form-failure';
import { $api } from '@/api/query-client';
import { FormFailure } from '@/components/form-failure';
import { SuccessAlert } from '@/components/success-alert';
import { useFormFailure } from '@/components/use-form-failure';
import { shortLinkLabel } from '@/lib/short-link';
import {
  DEVICE_MAKER_TOKEN_MAX_LENGTH,
  emailFieldProps,
  verbatimFieldProps,
} from '@/lib/validation-rules';
import {
  claimLinkSchema,
  isAppleBooksUrl,
  toSignupRequest,
  type ClaimLinkValues,
} from './link-editor-schemas';

interface ClaimLinkFormProps {
  link: { domain: string; code: string; shortUrl: string; url: string; claimKey: string };
}

// The server names the token inside affiliateParameters (`affiliateParameters.at`); the form has
// one field for it.
const serverFieldToFormField: Readonly<Record<string, keyof ClaimLinkValues>> = {
  email: 'email',
  affiliateParameters: 'appleServicesToken',
  at: 'appleServicesToken',
};

/** A signed-out visitor signs up with an e-mail address to keep the link they created. */
export function ClaimLinkForm({ link }: ClaimLinkFormProps) {
  const signup = $api.useMutation('post', '/v1/signup');
  const headingId = useId();
  const form = useForm<ClaimLinkValues>({
    mode: 'uncontrolled',
    initialValues: { email: '', appleServicesToken: '' },
    validate: schemaResolver(claimLinkSchema, { sync: true }),
  });
  const failure = useFormFailure(form);

  const submit = form.onSubmit((values) => {
    failure.clear();
    signup.mutate(
      { body: toSignupRequest(values, link) },
      {
        onError: (error) => {
          failure.apply(splitFormFailure(error, serverFieldToFormField, UNKNOWN_FIELD_ERROR));
        },
      },
    );
  });

  if (signup.isSuccess) {
    return (
      <SuccessAlert title="Check your inbox" icon={<IconMailCheck aria-hidden="true" />}>
        <Text size="sm">
          Check your inbox — confirm your address to claim {shortLinkLabel(link)}
        </Text>
        <Text size="sm" c="dimmed" mt={4}>
          We sent the confirmation to {signup.data.email}. The link works already; confirming makes
          it yours.
        </Text>
      </SuccessAlert>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} id={headingId} fz="lg">
          Keep this link
        </Title>
        <Text size="sm" c="dimmed">
          The link works for everyone now. Claim it with your e-mail address to see who clicks it
          and to change where it leads later. No password needed. Claim it before you leave this
          page: only this page can.
        </Text>
        <TextInput
          {...emailFieldProps}
          key={form.key('email')}
          {...form.getInputProps('email')}
          label="E-mail address"
          required
          errorProps={{ role: 'alert' }}
        />
        {isAppleBooksUrl(link.url) && (
          <TextInput
            key={form.key('appleServicesToken')}
            {...form.getInputProps('appleServicesToken')}
            label="Apple Services token (at)"
            description="Optional. Earn commission on Apple Books sales through this link. Your token starts with 1; copy it from the Apple Services partner dashboard."
            {...verbatimFieldProps}
            maxLength={DEVICE_MAKER_TOKEN_MAX_LENGTH}
            errorProps={{ role: 'alert' }}
          />
        )}
        <FormFailure title="We could not send the confirmation" message={failure.message} />
        <Button type="submit" loading={signup.isPending} style={{ alignSelf: 'flex-start' }}>
          Claim my link
        </Button>
      </Stack>
    </form>
  );
}
