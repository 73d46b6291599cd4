import { Alert, Button, Stack, Text } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import { IconAlertCircle, IconLogin } from '@tabler/icons-react';
import type { Ref } from 'react';
import { ButtonLink } from '@/components/button-link';
import { FormFailure } from '@/components/form-failure';

/** Why the last create request failed, with a retry; nothing when it did not fail. */
export function CreateFailureAlert({
  message,
  onRetry,
}: {
  message: string | undefined;
  onRetry: () => void;
}) {
  return (
    <FormFailure
      title="We could not create your link"
      message={message}
      icon={<IconAlertCircle aria-hidden="true" />}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Text size="sm">Everything you typed is still here.</Text>
        <Button size="compact-sm" variant="light" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </FormFailure>
  );
}

/** The author's session ended: signing in again brings them back here, with what they typed. */
export function SessionEndedAlert({
  signInRef,
  onSignIn,
}: {
  signInRef: Ref<HTMLAnchorElement>;
  onSignIn: () => void;
}) {
  const here = useLocation({ select: (location) => location.href });
  return (
    <Alert
      color="red"
      role="alert"
      title="Your session has ended"
      icon={<IconLogin aria-hidden="true" />}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          Sign in again to create this link in your account. Everything you typed is kept and will
          be here when you come back.
        </Text>
        <ButtonLink
          ref={signInRef}
          to="/login"
          search={{ redirect: here }}
          size="compact-sm"
          variant="light"
          color="red"
          onClick={onSignIn}
        >
          Sign in again
        </ButtonLink>
      </Stack>
    </Alert>
  );
}
