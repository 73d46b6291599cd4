import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailForward } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { $api } from '@/api/query-client';
import { DestructiveButton } from '@/components/destructive-button';
import { FormFailure } from '@/components/form-failure';
import {
  accountQueryKeyPrefix,
  accountQueryOptions,
  errorText,
  type Account,
} from './account-queries';

type PendingEmail = NonNullable<Account['pendingEmail']>;

/** What a saved change of address means, in the words the page and its notice both use. */
export function pendingEmailText(account: Account, pending: PendingEmail): string {
  return `We sent a confirmation link to ${pending.address}. Your e-mail stays ${account.email} until you confirm.`;
}

/** The change of address waiting for its link, with a way to send the link again or cancel. */
export function PendingEmailNotice({
  account,
  pending,
}: {
  account: Account;
  pending: PendingEmail;
}) {
  const queryClient = useQueryClient();
  const sendAgain = $api.useMutation('put', '/v2/account');
  const cancel = $api.useMutation('delete', '/v2/account/pending-email');
  const failed = sendAgain.error ?? cancel.error;

  const showSaved = (saved: Account) => {
    queryClient.setQueryData(accountQueryOptions().queryKey, saved);
    void queryClient.invalidateQueries({ queryKey: accountQueryKeyPrefix() });
  };

  const resend = () => {
    cancel.reset();
    // The saved account, not the form's unsaved edits: only the link is asked for again.
    sendAgain.mutate(
      {
        body: { email: pending.address, name: account.name, preferences: account.preferences },
      },
      {
        onSuccess: (saved) => {
          showSaved(saved);
          notifications.show({
            color: 'teal',
            title: 'Confirmation link sent again',
            message: `Use the newest e-mail to ${pending.address}: the earlier link no longer works.`,
          });
        },
      },
    );
  };

  const cancelChange = () => {
    sendAgain.reset();
    cancel.mutate(
      {},
      {
        onSuccess: (saved) => {
          showSaved(saved);
          notifications.show({
            color: 'teal',
            title: 'Change cancelled',
            message: `Your e-mail stays ${saved.email}. The confirmation link no longer works.`,
          });
        },
      },
    );
  };

  return (
    <Alert
      color="blue"
      title="Waiting for you to confirm your new e-mail address"
      // A standing part of the page, not news: announced as a region rather than an alert.
      role="region"
      icon={<IconMailForward size={20} aria-hidden />}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{pendingEmailText(account, pending)}</Text>
        <Text size="sm" c="dimmed">
          The link works until{' '}
          <time dateTime={pending.expiresAt}>
            {dayjs(pending.expiresAt).format('D MMMM YYYY, HH:mm')}
          </time>
          .
        </Text>
        <FormFailure
          title={sendAgain.isError ? 'Not sent again' : 'Not cancelled'}
          message={failed ? errorText(failed) : undefined}
          w="100%"
        />
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            onClick={resend}
            loading={sendAgain.isPending}
            disabled={cancel.isPending}
          >
            Send again
          </Button>
          <DestructiveButton
            onClick={cancelChange}
            loading={cancel.isPending}
            disabled={sendAgain.isPending}
          >
            Cancel the change
          </DestructiveButton>
        </Group>
      </Stack>
    </Alert>
  );
}
