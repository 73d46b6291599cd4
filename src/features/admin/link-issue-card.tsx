import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconLinkOff } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { isWebAddress } from '@/lib/web-address';
import { Detail, formatTime } from './admin-details';
import type { LinkIssue } from './link-issues-queries';

export const LINK_ISSUE_KIND_LABELS: Record<LinkIssue['kind'], string> = {
  wrongBook: 'Leads to the wrong book',
  brokenStoreLink: 'Store page broken or book unavailable',
  wrongCountry: "Leads to the wrong country's store",
  other: 'Something else',
};

const OUTCOME_LABELS: Record<NonNullable<LinkIssue['resolution']>['outcome'], string> = {
  upheld: 'Upheld',
  abuse: 'Upheld as abuse',
  dismissed: 'Dismissed',
};

/** An address as a link when it is a web address, and as plain text otherwise. */
function Address({ value }: { value: string }) {
  return isWebAddress(value) ? <Anchor href={value}>{value}</Anchor> : value;
}

function Time({ value }: { value: string }) {
  return <time dateTime={value}>{formatTime(value)}</time>;
}

interface LinkIssueCardProps {
  issue: LinkIssue;
  /** The buttons of a report waiting for a decision; a decided one has none. */
  actions?: ReactNode;
}

/** A reported link issue: what the reader said about which link, and, once decided, the decision. */
export function LinkIssueCard({ issue, actions }: LinkIssueCardProps) {
  const headingId = useId();
  const { resolution } = issue;

  return (
    <Paper withBorder radius="md" p="lg" component="article" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" mb="md">
        <Title order={3} fz="h4" id={headingId}>
          {issue.reference}
        </Title>
        <Group gap="xs">
          {resolution && (
            <Badge variant="outline" color={resolution.outcome === 'dismissed' ? 'gray' : 'red'}>
              {OUTCOME_LABELS[resolution.outcome]}
            </Badge>
          )}
          {issue.linkDisabled && (
            <Badge variant="light" color="red" leftSection={<IconLinkOff size={12} aria-hidden />}>
              Disabled
            </Badge>
          )}
        </Group>
      </Group>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          <Detail label="Short link">
            <Address value={issue.shortUrl} />
          </Detail>
          <Detail label="Leads to">
            {issue.destination === null ? 'Link deleted' : <Address value={issue.destination} />}
          </Detail>
          <Detail label="Problem">{LINK_ISSUE_KIND_LABELS[issue.kind]}</Detail>
          <Detail label="Reported by">{issue.reporterEmail ?? 'Anonymous reader'}</Detail>
          <Detail label="Link owner">{issue.ownerEmail ?? 'Unclaimed link'}</Detail>
          <Detail label="Reported">
            <Time value={issue.reportedAt} />
          </Detail>
          {resolution && (
            <>
              <Detail label="Decision">{OUTCOME_LABELS[resolution.outcome]}</Detail>
              <Detail label="Decided">
                <Time value={resolution.decidedAt} />
              </Detail>
              <Detail label="Decided by">{resolution.decidedBy ?? 'A deleted account'}</Detail>
            </>
          )}
        </SimpleGrid>
        <Detail label="What the reader said">
          <Text component="span" inherit style={{ whiteSpace: 'pre-wrap' }}>
            {issue.details || 'No details given.'}
          </Text>
        </Detail>
        {actions}
      </Stack>
    </Paper>
  );
}

interface WaitingActionsProps {
  issue: LinkIssue;
  dismissing: boolean;
  onUphold: (issue: LinkIssue) => void;
  /** The pointer or the focus is on "Uphold": the confirmation can start loading. */
  onUpholdIntent: () => void;
  onDismiss: (issue: LinkIssue) => void;
}

/** Each button's name starts with what it shows and adds the report it acts on. */
export function WaitingActions({
  issue,
  dismissing,
  onUphold,
  onUpholdIntent,
  onDismiss,
}: WaitingActionsProps) {
  return (
    <Group>
      <Button
        color="red"
        leftSection={<IconLinkOff size={16} aria-hidden />}
        aria-label={`Uphold and disable link for ${issue.reference}`}
        onPointerEnter={onUpholdIntent}
        onFocus={onUpholdIntent}
        onClick={() => {
          onUphold(issue);
        }}
      >
        Uphold and disable link
      </Button>
      <Button
        variant="default"
        leftSection={<IconCheck size={16} aria-hidden />}
        aria-label={`Dismiss ${issue.reference}`}
        loading={dismissing}
        onClick={() => {
          onDismiss(issue);
        }}
      >
        Dismiss
      </Button>
    </Group>
  );
}
