import { Center, Pagination, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { IconChecklist, IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { isApiError, UNEXPECTED_FAILURE } from '@/api/api-error';
import { EmptyMessage } from '@/components/empty-message';
import { LinkIssueCard } from './link-issue-card';
import {
  LINK_ISSUES_PAGE_SIZE,
  type LinkIssue,
  type LinkIssueList,
  type LinkIssueStatus,
} from './link-issues-queries';
import { RetryFailure } from './retry-failure';

const EMPTY_STATES: Record<LinkIssueStatus, { title: string; icon: typeof IconInbox }> = {
  open: { title: 'No reports are waiting.', icon: IconInbox },
  resolved: { title: 'Nothing decided yet.', icon: IconChecklist },
};

/** What the panel needs of the list's query. */
interface LinkIssueListState {
  data: LinkIssueList | undefined;
  isError: boolean;
  error: unknown;
  isRefetching: boolean;
  refetch: () => unknown;
}

export function reportCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'report' : 'reports'}`;
}

/** One tab's page of reports, with its loading, empty and failed states and its pages. */
export function LinkIssueListPanel({
  status,
  query,
  page,
  onPage,
  actionsFor,
}: {
  status: LinkIssueStatus;
  query: LinkIssueListState;
  page: number;
  onPage: (page: number) => void;
  actionsFor?: (issue: LinkIssue) => ReactNode;
}) {
  const { data } = query;
  const failure = !query.isError
    ? undefined
    : isApiError(query.error)
      ? query.error.message
      : UNEXPECTED_FAILURE;
  const failed = (
    <RetryFailure
      title="The reports could not be loaded"
      message={failure}
      retrying={query.isRefetching}
      onRetry={() => {
        void query.refetch();
      }}
    />
  );

  if (!data) {
    return query.isError ? (
      failed
    ) : (
      <Stack>
        <VisuallyHidden role="status">Loading the reports</VisuallyHidden>
        <Skeleton height={220} radius="md" />
        <Skeleton height={220} radius="md" />
      </Stack>
    );
  }

  const { icon, title } = EMPTY_STATES[status];
  if (data.total === 0) {
    return (
      <Stack>
        {failed}
        <Center py="lg">
          <EmptyMessage icon={icon} title={title} titleOrder={3} />
        </Center>
      </Stack>
    );
  }

  const pageCount = Math.max(1, Math.ceil(data.total / LINK_ISSUES_PAGE_SIZE));
  return (
    <Stack>
      {failed}
      <Stack component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {data.results.map((issue) => (
          <li key={issue.reference}>
            <LinkIssueCard issue={issue} actions={actionsFor?.(issue)} />
          </li>
        ))}
      </Stack>
      {pageCount > 1 && (
        <Center mt="sm">
          <Pagination
            total={pageCount}
            value={Math.min(page, pageCount)}
            onChange={onPage}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        </Center>
      )}
    </Stack>
  );
}
