import '@/components/on-demand-mantine-styles';
import {
  Anchor,
  Center,
  Container,
  Group,
  Image,
  Paper,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconBook2 } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { splitFormFailure } from '@/api/form-failure';
import { $api } from '@/api/query-client';
import type { components } from '@/api/schema';
import { ButtonLink } from '@/components/button-link';
import { FormActions } from '@/components/form-actions';
import { FormFailure } from '@/components/form-failure';
import { SuccessAlert } from '@/components/success-alert';
import { useFormFailure } from '@/components/use-form-failure';
import { emailFieldProps } from '@/lib/validation-rules';
import { isWebAddress } from '@/lib/web-address';
import { shortLinkLabel } from '@/lib/short-link';
import {
  emptyReportLinkIssueValues,
  ISSUE_DETAILS_MAX_LENGTH,
  issueKinds,
  reportLinkIssueSchema,
  toReportLinkIssueRequest,
} from './report-link-form';
import { shortLinkMetadataQueryOptions } from './reports-queries';

type ShortLinkMetadata = components['schemas']['ShortLinkMetadata'];

const route = getRouteApi('/report-link/$domain/$code');
const FORM_FIELDS = ['kind', 'details', 'email'] as const;
const NOT_SENT_MESSAGE = 'Your report could not be sent. Please try again.';

export function ReportLinkPage() {
  const params = route.useParams();
  const { data: link } = useSuspenseQuery(shortLinkMetadataQueryOptions(params));
  const [reference, setReference] = useState<string>();

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Report a problem with a link</Title>
          <Text c="dimmed">
            Tell us what went wrong when you opened {shortLinkLabel(link)}. We check every report
            and fix the link for everyone.
          </Text>
        </Stack>
        <LinkSummary link={link} />
        {reference ? (
          <ReportReceived reference={reference} />
        ) : (
          <ReportLinkIssueForm link={link} onReported={setReference} />
        )}
      </Stack>
    </Container>
  );
}

function LinkSummary({ link }: { link: ShortLinkMetadata }) {
  return (
    <Paper
      component="section"
      withBorder
      p="md"
      radius="md"
      aria-label="The link you are reporting"
    >
      <Group wrap="nowrap" align="flex-start" gap="md">
        <Cover src={link.coverImageUrl} />
        <Stack gap={4} miw={0}>
          <Text fw={700} size="lg" lineClamp={2}>
            {link.title || 'Untitled book'}
          </Text>
          {link.author && <Text c="dimmed">by {link.author}</Text>}
          <Text size="sm">
            {shortLinkLabel(link)}
            {link.retailer && ` leads to ${link.retailer}`}
          </Text>
          {isWebAddress(link.url) ? (
            <Anchor
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              truncate="end"
              title={link.url}
            >
              {link.url}
            </Anchor>
          ) : (
            <Text size="sm" truncate="end" title={link.url}>
              {link.url}
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

function Cover({ src }: { src: string | null }) {
  const [failedSrc, setFailedSrc] = useState<string>();
  if (!src || failedSrc === src) {
    return (
      <Center
        w={72}
        h={108}
        bg="var(--mantine-color-default-hover)"
        c="dimmed"
        style={{ borderRadius: 4, flexShrink: 0 }}
      >
        <IconBook2 size={32} aria-hidden="true" />
      </Center>
    );
  }
  return (
    <Image
      src={src}
      alt=""
      w={72}
      h={108}
      fit="cover"
      radius="sm"
      style={{ flexShrink: 0 }}
      onError={() => {
        setFailedSrc(src);
      }}
    />
  );
}

function ReportLinkIssueForm({
  link,
  onReported,
}: {
  link: ShortLinkMetadata;
  onReported: (reference: string) => void;
}) {
  const reportIssue = $api.useMutation('post', '/v1/report-link-issue');
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: emptyReportLinkIssueValues,
    validate: schemaResolver(reportLinkIssueSchema, { sync: true }),
  });
  const failure = useFormFailure(form);

  const headingId = useId();

  const submit = form.onSubmit((values) => {
    failure.clear();
    reportIssue.mutate(
      { body: toReportLinkIssueRequest(link, values) },
      {
        onSuccess: (reply) => {
          onReported(reply.reference);
        },
        onError: (error) => {
          failure.apply(splitFormFailure(error, FORM_FIELDS, NOT_SENT_MESSAGE));
        },
      },
    );
  });

  return (
    <Paper
      component="form"
      withBorder
      p="md"
      radius="md"
      onSubmit={submit}
      noValidate
      aria-labelledby={headingId}
    >
      <Stack>
        <Title order={2} fz="h3" id={headingId}>
          What is wrong?
        </Title>
        <Radio.Group
          label="Kind of problem"
          required
          key={form.key('kind')}
          {...form.getInputProps('kind')}
        >
          <Stack gap="sm" mt="xs">
            {issueKinds.map((kind) => (
              <Radio
                key={kind.value}
                value={kind.value}
                label={kind.label}
                description={kind.description}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label="Details"
          description="Which store, country or edition did you expect, and what did you get?"
          required
          autosize
          minRows={4}
          maxRows={10}
          maxLength={ISSUE_DETAILS_MAX_LENGTH}
          key={form.key('details')}
          {...form.getInputProps('details')}
        />
        <TextInput
          {...emailFieldProps}
          label="Your e-mail address (optional)"
          description="Only if you would like us to tell you when it is fixed."
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <FormFailure title="Your report was not sent" message={failure.message} />
        <FormActions submitLabel="Send report" pending={reportIssue.isPending} />
      </Stack>
    </Paper>
  );
}

function ReportReceived({ reference }: { reference: string }) {
  return (
    <SuccessAlert title="Thank you, we have your report">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          Your reference is <strong>{reference}</strong>. Quote it if you write to us about this
          link.
        </Text>
        <ButtonLink to="/" variant="default" size="xs">
          Go to the home page
        </ButtonLink>
      </Stack>
    </SuccessAlert>
  );
}
