import '@/components/on-demand-mantine-styles';
import { SuccessAlert } from '@/components/success-alert';
import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import * as v from 'valibot';
import { $api } from '@/api/query-client';
import { splitFormFailure } from '@/api/form-failure';
import { FormFailure } from '@/components/form-failure';
import { useFormFailure } from '@/components/use-form-failure';
import { SectionError } from './section-error';
import { SettingsSection } from './settings-section';
import {
  legacyPartnerTermsQueryOptions,
  partnerEnrolmentQueryOptions,
  partnerTermsQueryOptions,
  type PartnerEnrolment,
  type PartnerTerms,
} from './settings-queries';

const ACCEPT_TERMS_REQUIRED_MESSAGE = 'Tick the box to accept the partner program terms.';

const acceptFormSchema = v.object({
  acceptTerms: v.literal(true, ACCEPT_TERMS_REQUIRED_MESSAGE),
});

function formatDate(value: string): string {
  return dayjs(value).format('D MMMM YYYY');
}

function TermsText({ terms }: { terms: PartnerTerms }) {
  const legacy = useQuery(legacyPartnerTermsQueryOptions());
  return (
    <Stack gap="sm">
      <div>
        <Title order={3}>{terms.title}</Title>
        <Text size="sm" c="dimmed">
          Terms version {terms.version} · in effect since {formatDate(terms.effectiveDate)}
        </Text>
        {legacy.data && (
          <Text size="xs" c="dimmed" data-testid="legacy-terms-version">
            {legacy.data.version === terms.version
              ? 'Integrations on our first API see the same version.'
              : `Integrations on our first API still see version ${legacy.data.version}; the version above is the current one.`}
          </Text>
        )}
      </div>
      {terms.sections.map((section) => (
        <div key={section.heading}>
          <Title order={4} size="h5">
            {section.heading}
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {section.body}
          </Text>
        </div>
      ))}
    </Stack>
  );
}

function AcceptTermsForm({
  terms,
  onAccepted,
}: {
  terms: PartnerTerms;
  onAccepted: (enrolment: PartnerEnrolment) => void;
}) {
  const queryClient = useQueryClient();
  const accept = $api.useMutation('post', '/v2/pz-users');
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { acceptTerms: false as boolean },
    validate: schemaResolver(acceptFormSchema, { sync: true }),
  });
  const failure = useFormFailure(form);

  const submit = form.onSubmit(() => {
    failure.clear();
    accept.mutate(
      { body: { termsVersion: terms.version, acceptTerms: true } },
      {
        onSuccess: (enrolment) => {
          onAccepted(enrolment);
          notifications.show({
            color: 'teal',
            title: 'Welcome to the partner program',
            message: `You accepted the partner program terms (version ${terms.version}).`,
          });
          void queryClient.invalidateQueries({
            queryKey: partnerEnrolmentQueryOptions().queryKey.slice(0, 2),
          });
        },
        onError: (error) => {
          const split = splitFormFailure(error, ['acceptTerms', 'termsVersion']);
          // The version is not a field the author can change: a refusal of it goes in the alert.
          if (split.fieldErrors.termsVersion) failure.show(split.fieldErrors.termsVersion);
          else failure.apply(split);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack align="flex-start">
        <Checkbox
          label="I accept the partner program terms"
          description={`Version ${terms.version}, as shown above.`}
          key={form.key('acceptTerms')}
          {...form.getInputProps('acceptTerms', { type: 'checkbox' })}
        />
        <FormFailure title="Not enrolled" message={failure.message} w="100%" />
        <Button type="submit" loading={accept.isPending}>
          Join the partner program
        </Button>
      </Stack>
    </form>
  );
}

function EnrolmentStatus({ terms }: { terms: PartnerTerms }) {
  const enrolmentQuery = useQuery(partnerEnrolmentQueryOptions());
  // Right after accepting, the reply is the freshest word on the enrolment.
  const [accepted, setAccepted] = useState<PartnerEnrolment>();
  const enrolment = accepted ?? enrolmentQuery.data;

  if (!enrolment) {
    if (enrolmentQuery.isError)
      return (
        <SectionError
          what="your partner enrolment"
          error={enrolmentQuery.error}
          onRetry={() => void enrolmentQuery.refetch()}
        />
      );
    return (
      <Skeleton height={72}>
        <VisuallyHidden>Loading your partner enrolment</VisuallyHidden>
      </Skeleton>
    );
  }

  const current = enrolment.enrolled && enrolment.termsVersion === terms.version;
  if (current) {
    return (
      <SuccessAlert title="You are in the partner program">
        You accepted the partner program terms (version {enrolment.termsVersion})
        {enrolment.acceptedAt ? ` on ${formatDate(enrolment.acceptedAt)}` : ''}.
      </SuccessAlert>
    );
  }

  return (
    <Stack>
      {enrolment.enrolled ? (
        <Alert color="blue" title="The terms have changed">
          You accepted version {enrolment.termsVersion || 'an earlier version'}. Accept version{' '}
          {terms.version} to stay in the partner program.
        </Alert>
      ) : (
        <Text size="sm">
          You are not in the partner program yet. Read the terms above, then accept them to join.
        </Text>
      )}
      <AcceptTermsForm terms={terms} onAccepted={setAccepted} />
    </Stack>
  );
}

export function PartnerProgramSection() {
  const terms = useQuery(partnerTermsQueryOptions());

  return (
    <SettingsSection
      id="partner-program"
      title="Partner program"
      description="Partners share in the affiliate earnings of the links they send readers to."
    >
      <Paper withBorder radius="md" p="lg">
        {terms.isPending ? (
          <Stack aria-busy="true" aria-label="Loading the partner program terms">
            <Skeleton height={28} width="50%" />
            <Skeleton height={14} width="30%" />
            <Skeleton height={80} />
            <Skeleton height={80} />
          </Stack>
        ) : terms.isError ? (
          <SectionError
            what="the partner program terms"
            error={terms.error}
            onRetry={() => void terms.refetch()}
          />
        ) : (
          <Stack>
            <TermsText terms={terms.data} />
            <Divider />
            <EnrolmentStatus terms={terms.data} />
          </Stack>
        )}
      </Paper>
    </SettingsSection>
  );
}
