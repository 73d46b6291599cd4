import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ConfirmActions } from '@/components/form-actions';
import { FormFailure } from '@/components/form-failure';
import { StackedModal } from '@/components/stacked-modal';
import { useFormFailure } from '@/components/use-form-failure';
import { decisionFailure, useDecideLinkIssue, type LinkIssue } from './link-issues-queries';

interface UpholdLinkIssueModalProps {
  issue: LinkIssue | undefined;
  opened: boolean;
  onClose: () => void;
  onUpheld: (issue: LinkIssue) => void;
}

/** Asks before upholding a report: the link stops working for every reader at once. */
export function UpholdLinkIssueModal({
  issue,
  opened,
  onClose,
  onUpheld,
}: UpholdLinkIssueModalProps) {
  return (
    <StackedModal opened={opened} onClose={onClose} title="Uphold this report?">
      {issue && (
        <UpholdConfirmation
          key={issue.reference}
          issue={issue}
          onCancel={onClose}
          onUpheld={onUpheld}
        />
      )}
    </StackedModal>
  );
}

function UpholdConfirmation({
  issue,
  onCancel,
  onUpheld,
}: {
  issue: LinkIssue;
  onCancel: () => void;
  onUpheld: (issue: LinkIssue) => void;
}) {
  const decide = useDecideLinkIssue();
  const failure = useFormFailure();
  const linkDeleted = issue.destination === null;

  const confirm = async () => {
    failure.clear();
    try {
      await decide.mutateAsync({
        params: { path: { reference: issue.reference } },
        body: { outcome: 'upheld' },
      });
    } catch (error) {
      failure.apply(decisionFailure(error));
      return;
    }
    notifications.show({
      color: 'teal',
      title: linkDeleted ? 'Report upheld' : 'Link disabled',
      message: linkDeleted
        ? `${issue.reference} is decided.`
        : `${issue.shortUrl} now shows readers a “link disabled” page.`,
    });
    onUpheld(issue);
  };

  return (
    <Stack>
      {linkDeleted ? (
        <Text>
          Report <strong>{issue.reference}</strong> will be upheld. Its link was deleted, so there
          is nothing left to disable and nobody is e-mailed.
        </Text>
      ) : (
        <>
          <Text>
            Report <strong>{issue.reference}</strong> will be upheld and{' '}
            <strong>{issue.shortUrl}</strong> disabled at once. Readers who open it will see a “link
            disabled” page instead of the book.
          </Text>
          <Text>
            {issue.ownerEmail ? (
              <>
                The link&apos;s owner, <strong>{issue.ownerEmail}</strong>, is told by e-mail.
              </>
            ) : (
              'The link is unclaimed, so no owner is e-mailed.'
            )}
          </Text>
        </>
      )}
      <FormFailure title="The report was not decided" message={failure.message} />
      <ConfirmActions
        confirmLabel={linkDeleted ? 'Uphold report' : 'Uphold and disable link'}
        onConfirm={confirm}
        onKeep={onCancel}
      />
    </Stack>
  );
}
