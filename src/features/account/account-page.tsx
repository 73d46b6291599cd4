import '@/components/on-demand-mantine-styles';
import {
  Alert,
  Badge,
  Box,
  Button,
  Fieldset,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconLogout } from '@tabler/icons-react';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import * as v from 'valibot';
import { splitFormFailure } from '@/api/form-failure';
import { $api } from '@/api/query-client';
import { FormActions } from '@/components/form-actions';
import { FormFailure } from '@/components/form-failure';
import { useFormFailure } from '@/components/use-form-failure';
import { emailFieldProps } from '@/lib/validation-rules';
import {
  ACCOUNT_FIELD_NAMES,
  ACCOUNT_NAME_MAX_LENGTH,
  accountFormSchema,
  storefrontOptions,
  type AccountFormValues,
} from './account-form-schema';
import {
  accountQueryKeyPrefix,
  accountQueryOptions,
  errorText,
  PLAN_LABELS,
  type Account,
} from './account-queries';
import { ButtonLink } from '@/components/button-link';
import { PendingEmailNotice, pendingEmailText } from './pending-email-notice';

/** One labelled fact of the account summary: its plan, its age, its id. */
function SummaryItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {children}
    </div>
  );
}

function AccountSummary({ account }: { account: Account }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <SummaryItem label="Plan">
          <Group gap="xs" mt={4}>
            <Text fw={500}>{PLAN_LABELS[account.plan]}</Text>
            {account.plan === 'legacy' && (
              <Badge color="blue" variant="light">
                Upgrade available
              </Badge>
            )}
          </Group>
        </SummaryItem>
        <SummaryItem label="Member since">
          <Text fw={500} mt={4}>
            <time dateTime={account.createdAt}>
              {dayjs(account.createdAt).format('D MMMM YYYY')}
            </time>
          </Text>
        </SummaryItem>
        <SummaryItem label="User id">
          <Text fw={500} mt={4}>
            {account.userId}
          </Text>
        </SummaryItem>
      </SimpleGrid>
      {account.canUpgrade && (
        <Alert color="blue" title="Some of your links are still in the previous product" mt="md">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              Upgrade for free to manage them in Shelflink, with their codes and click history.
            </Text>
            <ButtonLink to="/upgrade" size="xs" variant="default">
              See how upgrading works
            </ButtonLink>
          </Stack>
        </Alert>
      )}
    </Paper>
  );
}

function AccountForm({ account }: { account: Account }) {
  const queryClient = useQueryClient();
  const save = $api.useMutation('put', '/v2/account');
  const form = useForm<AccountFormValues>({
    mode: 'uncontrolled',
    initialValues: {
      email: account.email,
      name: account.name,
      preferences: { ...account.preferences },
    },
    validate: schemaResolver(accountFormSchema, { sync: true }),
  });
  const failure = useFormFailure(form);

  const submit = form.onSubmit((values) => {
    failure.clear();
    const body = v.parse(accountFormSchema, values);
    save.mutate(
      { body },
      {
        onSuccess: (saved) => {
          const asked = body.email.toLowerCase() !== saved.email ? saved.pendingEmail : undefined;
          // The address in force stays in the field; the pending one is shown below it.
          form.setFieldValue('email', saved.email);
          form.resetDirty();
          notifications.show({
            color: 'teal',
            title: asked ? 'Check your new mailbox' : 'Account saved',
            message: asked
              ? pendingEmailText(saved, asked)
              : 'Your details and e-mail preferences are saved.',
          });
          queryClient.setQueryData(accountQueryOptions().queryKey, saved);
          void queryClient.invalidateQueries({ queryKey: accountQueryKeyPrefix() });
        },
        onError: (error) => {
          failure.apply(splitFormFailure(error, ACCOUNT_FIELD_NAMES));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          {...emailFieldProps}
          label="E-mail address"
          description="We send sign-in links and reports here. A new address takes over once you follow the link we send to it."
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        {account.pendingEmail && (
          <PendingEmailNotice account={account} pending={account.pendingEmail} />
        )}
        <TextInput
          label="Name"
          autoComplete="name"
          maxLength={ACCOUNT_NAME_MAX_LENGTH}
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Fieldset legend="E-mails from Shelflink" variant="unstyled">
          <Stack gap="sm">
            <Switch
              label="Weekly click report"
              description="A summary of your links' clicks, once a week."
              key={form.key('preferences.weeklyReport')}
              {...form.getInputProps('preferences.weeklyReport', { type: 'checkbox' })}
            />
            <Switch
              label="Product news"
              description="News about Shelflink."
              key={form.key('preferences.productNews')}
              {...form.getInputProps('preferences.productNews', { type: 'checkbox' })}
            />
          </Stack>
        </Fieldset>
        <Select
          label="Default storefront"
          description="The country store your new links use unless you choose another."
          data={storefrontOptions(account.preferences.defaultStorefront)}
          allowDeselect={false}
          required
          key={form.key('preferences.defaultStorefront')}
          {...form.getInputProps('preferences.defaultStorefront')}
        />
        <FormFailure title="Not saved" message={failure.message} />
        <FormActions submitLabel="Save changes" pending={save.isPending} />
      </Stack>
    </form>
  );
}

function ProductUpdates({ account }: { account: Account }) {
  const queryClient = useQueryClient();
  const subscribe = $api.useMutation('post', '/v1/users/subscribe');
  const subscribed = subscribe.data?.subscribed ?? account.subscribed;

  const subscribeNow = () => {
    subscribe.mutate(
      { body: {} },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            title: 'Subscribed',
            message: 'We will e-mail you when Shelflink changes.',
          });
          void queryClient.invalidateQueries({ queryKey: accountQueryKeyPrefix() });
        },
      },
    );
  };

  return (
    <Stack component="section" aria-labelledby="updates-heading">
      <Title order={2} id="updates-heading">
        Product updates
      </Title>
      <Paper withBorder radius="md" p="lg">
        {subscribed ? (
          <Group gap="xs" wrap="nowrap" role="status">
            <IconCircleCheck
              size={20}
              color="var(--mantine-color-teal-6)"
              style={{ flexShrink: 0 }}
              aria-hidden
            />
            <Text>
              <strong>You are subscribed</strong> to product updates at {account.email}.
            </Text>
          </Group>
        ) : (
          <Stack align="flex-start">
            <Text size="sm">
              Hear from us when Shelflink gains a feature or changes how your links work.
            </Text>
            <FormFailure
              title="Not subscribed"
              message={subscribe.isError ? errorText(subscribe.error) : undefined}
            />
            <Button variant="light" onClick={subscribeNow} loading={subscribe.isPending}>
              Subscribe to updates
            </Button>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

export function AccountPage() {
  const { data: account } = useSuspenseQuery(accountQueryOptions());

  return (
    <Box maw={720}>
      <Stack gap="xl">
        <div>
          <Title order={1}>Account</Title>
          <Text c="dimmed" mt={4}>
            Your details, e-mail preferences and plan.
          </Text>
        </div>
        <AccountSummary account={account} />
        <Stack component="section" aria-labelledby="details-heading">
          <Title order={2} id="details-heading">
            Your details
          </Title>
          <Paper withBorder radius="md" p="lg">
            <AccountForm account={account} />
          </Paper>
        </Stack>
        <ProductUpdates account={account} />
        <Stack component="section" aria-labelledby="sign-out-heading" align="flex-start">
          <Title order={2} id="sign-out-heading">
            Sign out
          </Title>
          <Text size="sm" c="dimmed">
            Signs you out of Shelflink in this browser.
          </Text>
          <ButtonLink
            to="/logout"
            preload={false}
            variant="default"
            leftSection={<IconLogout size={16} aria-hidden />}
          >
            Sign out
          </ButtonLink>
        </Stack>
      </Stack>
    </Box>
  );
}
