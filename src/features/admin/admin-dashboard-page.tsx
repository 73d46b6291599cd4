import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconSearch, IconUserShare } from '@tabler/icons-react';
import * as v from 'valibot';
import { isApiError, UNEXPECTED_FAILURE } from '@/api/api-error';
import { $api } from '@/api/query-client';
import type { components } from '@/api/schema';
import { emailFieldProps, emailSchema } from '@/lib/validation-rules';
import { useSession } from '@/session/use-session';
import { useImpersonation } from '@/shell/impersonation';
import { Detail, formatTime } from './admin-details';
import { LinkIssuesSection } from './link-issues-section';
import { RetryFailure } from './retry-failure';

type AdminAccount = components['schemas']['AdminAccount'];

export const NO_ACCOUNT_MESSAGE = 'No account uses that e-mail address.';

const lookupFormSchema = v.object({ email: emailSchema });

const PLAN_LABELS: Record<AdminAccount['plan'], string> = {
  standard: 'Shelflink',
  legacy: 'Previous link product',
};

function AccountCard({ account }: { account: AdminAccount }) {
  const session = useSession();
  const impersonate = useImpersonation();
  const isSelf = account.userId === session.userId;
  const actingAsThisUser = session.impersonateAs === account.userId;

  return (
    <Paper withBorder radius="md" p="lg" component="article" aria-labelledby="found-account-name">
      <Group justify="space-between" align="flex-start" mb="md">
        <div>
          <Title order={3} id="found-account-name">
            {account.name || account.email}
          </Title>
          <Text c="dimmed" size="sm">
            {account.email}
          </Text>
        </div>
        <Badge variant="light" color={account.plan === 'legacy' ? 'gray' : 'blue'}>
          {PLAN_LABELS[account.plan]}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        <Detail label="Name">{account.name || '—'}</Detail>
        <Detail label="E-mail">{account.email}</Detail>
        <Detail label="User id">{account.userId}</Detail>
        <Detail label="Roles">
          {account.roles.length > 0 ? (
            <Group gap={4}>
              {account.roles.map((role) => (
                <Badge key={role} size="sm" variant="outline">
                  {role}
                </Badge>
              ))}
            </Group>
          ) : (
            'None'
          )}
        </Detail>
        <Detail label="Plan">{PLAN_LABELS[account.plan]}</Detail>
        <Detail label="Links">{account.linkCount}</Detail>
        <Detail label="Collections">{account.collectionCount}</Detail>
        <Detail label="Created">
          <time dateTime={account.createdAt}>{formatTime(account.createdAt)}</time>
        </Detail>
        <Detail label="Last sign-in">
          {account.lastSignInAt ? (
            <time dateTime={account.lastSignInAt}>{formatTime(account.lastSignInAt)}</time>
          ) : (
            'Never'
          )}
        </Detail>
      </SimpleGrid>
      <Group mt="lg">
        <Button
          leftSection={<IconUserShare size={16} aria-hidden />}
          disabled={isSelf || actingAsThisUser}
          onClick={() => {
            impersonate(account.userId);
            notifications.show({
              color: 'orange',
              title: `Acting as ${account.email}`,
              message: 'Every screen now shows this user’s account until you stop impersonating.',
            });
          }}
        >
          Act as this user
        </Button>
        {isSelf && (
          <Text size="sm" c="dimmed">
            This is your own account.
          </Text>
        )}
        {actingAsThisUser && (
          <Text size="sm" c="dimmed">
            You are already acting as this user.
          </Text>
        )}
      </Group>
    </Paper>
  );
}

export function AdminDashboardPage() {
  const lookup = $api.useMutation('get', '/v1/admin/account');
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(lookupFormSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    const { email } = v.parse(lookupFormSchema, values);
    lookup.mutate({ params: { query: { userEmail: email } } });
  });

  const notFound = isApiError(lookup.error) && lookup.error.status === 404;
  const lookupFailure =
    !lookup.isError || notFound
      ? undefined
      : isApiError(lookup.error)
        ? lookup.error.message
        : UNEXPECTED_FAILURE;

  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>Admin dashboard</Title>
        <Text c="dimmed" mt={4}>
          Look up an account by e-mail to see it or to act as that user, and decide what readers
          reported about links.
        </Text>
      </div>

      <Stack component="section" aria-labelledby="lookup-heading">
        <Title order={2} id="lookup-heading">
          Look up an account
        </Title>
        <Paper withBorder radius="md" p="lg">
          <form onSubmit={submit} noValidate role="search" aria-label="Account lookup">
            <Group align="flex-start" wrap="wrap">
              <TextInput
                {...emailFieldProps}
                // Someone else's address: the browser is not to offer the administrator's own.
                autoComplete="off"
                label="User's e-mail address"
                placeholder="name@example.com"
                style={{ flex: '1 1 280px' }}
                key={form.key('email')}
                {...form.getInputProps('email')}
              />
              <Button
                type="submit"
                mt={25}
                loading={lookup.isPending}
                leftSection={<IconSearch size={16} aria-hidden />}
              >
                Look up
              </Button>
            </Group>
          </form>
        </Paper>

        {lookup.isPending && (
          <Skeleton height={220} radius="md">
            <VisuallyHidden>Looking up the account</VisuallyHidden>
          </Skeleton>
        )}
        {notFound && (
          <Alert color="gray" title="Nothing found" role="status">
            {NO_ACCOUNT_MESSAGE}
          </Alert>
        )}
        <RetryFailure
          title="The lookup failed"
          message={lookupFailure}
          onRetry={() => {
            if (lookup.variables) lookup.mutate(lookup.variables);
          }}
        />
        {lookup.data && <AccountCard account={lookup.data} />}
      </Stack>

      <LinkIssuesSection />
    </Stack>
  );
}
