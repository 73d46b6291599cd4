import '@/components/on-demand-mantine-styles';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconExternalLink } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import * as v from 'valibot';
import { $api } from '@/api/query-client';
import { DEVICE_MAKER_TOKEN_MAX_LENGTH } from '@/lib/validation-rules';
import { DEVICE_MAKER_SIGN_UP_URL } from '@/lib/affiliate-programs';
import {
  appleServicesFormSchema,
  CAMPAIGN_TOKEN_MAX_LENGTH,
  type AppleServicesFormValues,
} from './apple-services-schema';
import { splitFormFailure } from '@/api/form-failure';
import { appleServicesSettingsQueryOptions, type AppleServicesSettings } from './settings-queries';
import { SectionError } from './section-error';

const FIELD_NAMES = ['enrolled', 'affiliateToken', 'campaignToken'] as const;

function AppleServicesForm({ settings }: { settings: AppleServicesSettings }) {
  const queryClient = useQueryClient();
  const save = $api.useMutation('put', '/v2/settings/apple-services');
  const [failure, setFailure] = useState<string>();
  const form = useForm<AppleServicesFormValues>({
    mode: 'uncontrolled',
    initialValues: {
      enrolled: settings.enrolled,
      affiliateToken: settings.affiliateToken,
      campaignToken: settings.campaignToken,
    },
    validate: schemaResolver(appleServicesFormSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    setFailure(undefined);
    const body = v.parse(appleServicesFormSchema, values);
    save.mutate(
      { body },
      {
        onSuccess: () => {
          form.resetDirty();
          void queryClient.invalidateQueries({
            queryKey: appleServicesSettingsQueryOptions().queryKey.slice(0, 2),
          });
          notifications.show({
            color: 'teal',
            title: 'Apple Services settings saved',
            message: body.enrolled
              ? 'You are enrolled. New Apple Books links carry your token.'
              : 'You are not enrolled. New Apple Books links carry no token.',
          });
        },
        onError: (error) => {
          const split = splitFormFailure(error, FIELD_NAMES);
          form.setErrors(split.fieldErrors);
          setFailure(split.message);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Switch
          label="Enrol in the Apple Services program"
          description="While enrolled, Shelflink adds your token to every Apple Books link."
          key={form.key('enrolled')}
          {...form.getInputProps('enrolled', { type: 'checkbox' })}
        />
        <TextInput
          label="Affiliate token (at)"
          description="Starts with 1. Needed while you are enrolled."
          placeholder="1010lqW7"
          autoComplete="off"
          spellCheck={false}
          maxLength={DEVICE_MAKER_TOKEN_MAX_LENGTH}
          key={form.key('affiliateToken')}
          {...form.getInputProps('affiliateToken')}
        />
        <TextInput
          label="Campaign token (optional)"
          description="Tells your campaigns apart in Apple's reports: letters, digits, - and _."
          placeholder="shelflink"
          autoComplete="off"
          spellCheck={false}
          maxLength={CAMPAIGN_TOKEN_MAX_LENGTH}
          key={form.key('campaignToken')}
          {...form.getInputProps('campaignToken')}
        />
        {failure && (
          <Alert color="red" title="Not saved" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="space-between">
          <Anchor href={DEVICE_MAKER_SIGN_UP_URL} target="_blank" rel="noopener noreferrer">
            <Group gap={4} component="span" wrap="nowrap">
              Join Apple Services Performance Partners
              <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
          <Button type="submit" loading={save.isPending}>
            Save Apple Services settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function AppleServicesSection() {
  const settings = useQuery(appleServicesSettingsQueryOptions());

  return (
    <Stack component="section" aria-labelledby="apple-services-heading">
      <div>
        <Title order={2} id="apple-services-heading">
          Apple Services enrolment
        </Title>
        <Text c="dimmed" size="sm" maw={560}>
          Apple&apos;s services affiliate program pays commission on books bought through your Apple
          Books links. Enrol with the token from your partner dashboard.
        </Text>
      </div>
      <Paper withBorder radius="md" p="lg">
        {settings.isPending ? (
          <Stack aria-busy="true" aria-label="Loading Apple Services settings">
            <Skeleton height={24} width="60%" />
            <Skeleton height={56} />
            <Skeleton height={56} />
          </Stack>
        ) : settings.isError ? (
          <SectionError
            what="your Apple Services settings"
            error={settings.error}
            onRetry={() => void settings.refetch()}
          />
        ) : (
          <AppleServicesForm settings={settings.data} />
        )}
      </Paper>
    </Stack>
  );
}
