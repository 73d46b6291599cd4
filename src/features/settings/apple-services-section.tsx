import '@/components/on-demand-mantine-styles';
import { Anchor, Group, Paper, Skeleton, Stack, Switch, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconExternalLink } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { splitFormFailure } from '@/api/form-failure';
import { $api } from '@/api/query-client';
import { FormActions } from '@/components/form-actions';
import { FormFailure } from '@/components/form-failure';
import { useFormFailure } from '@/components/use-form-failure';
import { DEVICE_MAKER_TOKEN_MAX_LENGTH, verbatimFieldProps } from '@/lib/validation-rules';
import { DEVICE_MAKER_SIGN_UP_URL } from '@/lib/affiliate-programs';
import {
  appleServicesFormSchema,
  CAMPAIGN_TOKEN_MAX_LENGTH,
  type AppleServicesFormValues,
} from './apple-services-schema';
import {
  appleServicesSettingsQueryOptions,
  refreshAffiliateSettings,
  type AppleServicesSettings,
} from './settings-queries';
import { SectionError } from './section-error';
import { SettingsSection } from './settings-section';

const FIELD_NAMES = ['enrolled', 'affiliateToken', 'campaignToken'] as const;

/** The program's tokens, each typed exactly as Apple gives it. */
const TOKEN_FIELDS = [
  {
    name: 'affiliateToken',
    label: 'Affiliate token (at)',
    description: 'Starts with 1. Needed while you are enrolled.',
    placeholder: '1010lqW7',
    maxLength: DEVICE_MAKER_TOKEN_MAX_LENGTH,
  },
  {
    name: 'campaignToken',
    label: 'Campaign token (optional)',
    description: "Tells your campaigns apart in Apple's reports: letters, digits, - and _.",
    placeholder: 'shelflink',
    maxLength: CAMPAIGN_TOKEN_MAX_LENGTH,
  },
] as const;

function AppleServicesForm({ settings }: { settings: AppleServicesSettings }) {
  const queryClient = useQueryClient();
  const save = $api.useMutation('put', '/v2/settings/apple-services');
  const form = useForm<AppleServicesFormValues>({
    mode: 'uncontrolled',
    initialValues: {
      enrolled: settings.enrolled,
      affiliateToken: settings.affiliateToken,
      campaignToken: settings.campaignToken,
    },
    validate: schemaResolver(appleServicesFormSchema, { sync: true }),
  });
  const failure = useFormFailure(form);

  const submit = form.onSubmit((values) => {
    failure.clear();
    const body = v.parse(appleServicesFormSchema, values);
    save.mutate(
      { body },
      {
        onSuccess: () => {
          form.resetDirty();
          void refreshAffiliateSettings(queryClient);
          notifications.show({
            color: 'teal',
            title: 'Apple Services settings saved',
            message: body.enrolled
              ? 'You are enrolled. Readers of your Apple Books links now carry your token.'
              : 'You are not enrolled. Your Apple Books links no longer carry a token.',
          });
        },
        onError: (error) => {
          failure.apply(splitFormFailure(error, FIELD_NAMES));
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
        {TOKEN_FIELDS.map(({ name, ...field }) => (
          <TextInput
            key={form.key(name)}
            {...field}
            {...verbatimFieldProps}
            {...form.getInputProps(name)}
          />
        ))}
        <FormFailure title="Not saved" message={failure.message} />
        <FormActions submitLabel="Save Apple Services settings" pending={save.isPending}>
          <Anchor href={DEVICE_MAKER_SIGN_UP_URL} target="_blank" rel="noopener noreferrer">
            <Group gap={4} component="span" wrap="nowrap">
              Join Apple Services Performance Partners
              <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        </FormActions>
      </Stack>
    </form>
  );
}

export function AppleServicesSection() {
  const settings = useQuery(appleServicesSettingsQueryOptions());

  return (
    <SettingsSection
      id="apple-services"
      title="Apple Services enrolment"
      description="Apple's services affiliate program pays commission on books bought through your Apple Books links. Enrol with the token from your partner dashboard."
    >
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
    </SettingsSection>
  );
}
