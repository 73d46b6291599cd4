import '@/components/on-demand-mantine-styles';
import { Badge, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormFailure } from '@/components/form-failure';
import { useFormFailure } from '@/components/use-form-failure';
import { useModuleOnDemand } from '@/lib/later/use-module-on-demand';
import { lazyModule } from '@/lib/later/lazy-module';
import { WaitingActions } from './link-issue-card';
import { LinkIssueListPanel, reportCountLabel } from './link-issue-list-panel';
import {
  decisionFailure,
  linkIssuesQueryOptions,
  useDecideLinkIssue,
  type LinkIssue,
  type LinkIssueStatus,
} from './link-issues-queries';

// The confirmation and the modal code it needs load when an administrator heads for "Uphold".
const upholdModalCode = lazyModule(() => import('./uphold-link-issue-modal'));

const TAB_LABELS: Record<LinkIssueStatus, string> = { open: 'Waiting', resolved: 'Decided' };

function isStatus(value: string | null): value is LinkIssueStatus {
  return value === 'open' || value === 'resolved';
}

/** Reports readers sent about links, for administrators to uphold (disabling the link) or dismiss. */
export function LinkIssuesSection() {
  const [status, setStatus] = useState<LinkIssueStatus>('open');
  const [pages, setPages] = useState<Record<LinkIssueStatus, number>>({ open: 1, resolved: 1 });
  // Both lists load at once, so each tab shows its count.
  const lists = {
    open: useQuery({
      ...linkIssuesQueryOptions('open', pages.open),
      placeholderData: keepPreviousData,
    }),
    resolved: useQuery({
      ...linkIssuesQueryOptions('resolved', pages.resolved),
      placeholderData: keepPreviousData,
    }),
  };
  const [upholding, setUpholding] = useState<LinkIssue>();
  const [upholdOpened, setUpholdOpened] = useState(false);
  const {
    loaded: upholdModal,
    warmUp: warmUpUpholdModal,
    request: requestUpholdModal,
  } = useModuleOnDemand(upholdModalCode.load);
  const decide = useDecideLinkIssue();
  const dismissFailure = useFormFailure();
  const [failedDismissal, setFailedDismissal] = useState<string>();

  const goToPage = (list: LinkIssueStatus, page: number) => {
    setPages((current) => ({ ...current, [list]: page }));
  };
  /** What a tab's panel shows: its list's query and page. */
  const panelProps = (list: LinkIssueStatus) => ({
    status: list,
    query: lists[list],
    page: pages[list],
    onPage: (page: number) => {
      goToPage(list, page);
    },
  });
  /** The last report of a later page was decided: show the page before it. */
  const afterDecision = () => {
    if (lists.open.data?.results.length === 1 && pages.open > 1) goToPage('open', pages.open - 1);
  };

  const uphold = (issue: LinkIssue) => {
    requestUpholdModal(() => {
      setUpholding(issue);
      setUpholdOpened(true);
    });
  };

  const dismiss = async (issue: LinkIssue) => {
    dismissFailure.clear();
    setFailedDismissal(issue.reference);
    try {
      await decide.mutateAsync({
        params: { path: { reference: issue.reference } },
        body: { outcome: 'dismissed' },
      });
    } catch (error) {
      dismissFailure.apply(decisionFailure(error));
      return;
    }
    notifications.show({
      color: 'teal',
      title: 'Report dismissed',
      message: `${issue.reference} is decided; ${issue.shortUrl} keeps working.`,
    });
    afterDecision();
  };
  const dismissing = decide.isPending ? decide.variables.params.path.reference : undefined;

  return (
    <Stack component="section" aria-labelledby="link-issues-heading">
      <div>
        <Title order={2} id="link-issues-heading">
          Reported links
        </Title>
        <Text c="dimmed" mt={4}>
          Readers report links that lead somewhere wrong. Upholding a report disables its link;
          dismissing it leaves the link working.
        </Text>
      </div>

      <Tabs
        value={status}
        onChange={(value) => {
          if (isStatus(value)) setStatus(value);
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label="Reports by status">
          {(['open', 'resolved'] as const).map((tab) => (
            <Tabs.Tab
              key={tab}
              value={tab}
              // The count is read with the tab's name, not as a separate number after it.
              aria-label={
                lists[tab].data
                  ? `${TAB_LABELS[tab]}, ${reportCountLabel(lists[tab].data.total)}`
                  : undefined
              }
              rightSection={
                lists[tab].data && (
                  <Badge size="sm" variant="light" color="gray" aria-hidden>
                    {lists[tab].data.total}
                  </Badge>
                )
              }
            >
              {TAB_LABELS[tab]}
            </Tabs.Tab>
          ))}
        </Tabs.List>

        <Tabs.Panel value="open" pt="md">
          <Stack>
            <FormFailure
              title={`${failedDismissal ?? 'The report'} was not dismissed`}
              message={dismissFailure.message}
            />
            <LinkIssueListPanel
              {...panelProps('open')}
              actionsFor={(issue) => (
                <WaitingActions
                  issue={issue}
                  dismissing={dismissing === issue.reference}
                  onUphold={uphold}
                  onUpholdIntent={warmUpUpholdModal}
                  onDismiss={(target) => void dismiss(target)}
                />
              )}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="resolved" pt="md">
          <LinkIssueListPanel {...panelProps('resolved')} />
        </Tabs.Panel>
      </Tabs>

      {upholdModal && (
        <upholdModal.UpholdLinkIssueModal
          issue={upholding}
          opened={upholdOpened}
          onClose={() => {
            setUpholdOpened(false);
          }}
          onUpheld={() => {
            setUpholdOpened(false);
            afterDecision();
          }}
        />
      )}
    </Stack>
  );
}
