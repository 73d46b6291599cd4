import { Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import * as v from 'valibot';
import { isApiError } from '@/api/api-error';
import { $api } from '@/api/query-client';
import { FormFailure } from '@/components/form-failure';
import { SuccessAlert } from '@/components/success-alert';
import { emailFieldProps, emailSchema } from '@/lib/validation-rules';
import { rememberEmail } from '@/session/session-store';
import { rememberAfterSignIn, type SignInFailure } from './token-sign-in';

const failureMessages: Record<SignInFailure, string> = {
  expired:
    'That sign-in link has expired. Links work once, for 15 minutes. Ask for a new one below.',
  failed: 'That sign-in link did not work. It may have been used already. Ask for a new one below.',
  confirmation:
    'We could not confirm your registration with that link. Enter your e-mail address and we will send a sign-in link; your link is kept for you.',
};

const loginFormSchema = v.object({ email: emailSchema });

const route = getRouteApi('/login/');

export function LoginPage() {
  const search = route.useSearch();
  const [sentTo, setSentTo] = useState<string>();
  const sendLink = $api.useMutation('post', '/v1/signup/link');
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(loginFormSchema, { sync: true }),
  });

  // Focus goes to the field in error, so a screen reader reads the field with its message.
  const focusEmail = () => form.getInputNode('email')?.focus();

  const submit = form.onSubmit(({ email }) => {
    const address = email.trim();
    sendLink.mutate(
      { body: { email: address } },
      {
        onSuccess: () => {
          rememberEmail(address);
          rememberAfterSignIn(search.redirect ?? '');
          setSentTo(address);
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          form.setErrors({ email: error.fieldErrors.email ?? error.message });
          focusEmail();
        },
      },
    );
  }, focusEmail);

  return (
    <Container size={460} py="xl">
      <Title order={1} mb="md">
        Sign in to Shelflink
      </Title>
      <Paper withBorder p="lg" radius="md">
        {sentTo ? (
          <Stack>
            <SuccessAlert title="Check your inbox" icon={<IconMailCheck aria-hidden="true" />}>
              We sent a sign-in link to <strong>{sentTo}</strong>. Open it on this device to sign
              in. It works once, for 15 minutes.
            </SuccessAlert>
            <Button
              variant="default"
              onClick={() => {
                setSentTo(undefined);
              }}
            >
              Use another address
            </Button>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack>
              <FormFailure
                title="You are not signed in"
                message={search.failed && failureMessages[search.failed]}
              />
              <Text size="sm" c="dimmed">
                No password needed: we e-mail you a link that signs you in. New to Shelflink? The
                same link creates your account.
              </Text>
              <TextInput
                {...emailFieldProps}
                label="E-mail address"
                required
                key={form.key('email')}
                {...form.getInputProps('email')}
              />
              <Button type="submit" loading={sendLink.isPending}>
                E-mail me a sign-in link
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Container>
  );
}
