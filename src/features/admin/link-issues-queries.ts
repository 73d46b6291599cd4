import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/api/api-error';
import { splitFormFailure, type FormFailureSplit } from '@/api/form-failure';
import { $api } from '@/api/query-client';
import type { components } from '@/api/schema';

export type LinkIssue = components['schemas']['LinkIssue'];
export type LinkIssueList = components['schemas']['LinkIssueList'];
export type LinkIssueStatus = 'open' | 'resolved';

export const LINK_ISSUES_PAGE_SIZE = 20;
export const ALREADY_DECIDED_MESSAGE = 'This report was already decided.';

/** One 1-based page of the reports waiting for a decision (`open`) or decided (`resolved`). */
export const linkIssuesQueryOptions = (status: LinkIssueStatus, page: number) =>
  $api.queryOptions('get', '/v2/admin/link-issues', {
    params: {
      query: {
        status,
        skip: (Math.max(1, page) - 1) * LINK_ISSUES_PAGE_SIZE,
        take: LINK_ISSUES_PAGE_SIZE,
      },
    },
  });

/** Upholds or dismisses a report. Either way the report moves between the lists, so every page
 * of both is refetched, and so is a list that showed a report someone else had decided (409). */
export function useDecideLinkIssue() {
  const queryClient = useQueryClient();
  return $api.useMutation('put', '/v2/admin/link-issues/{reference}/resolution', {
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['get', '/v2/admin/link-issues'] });
    },
  });
}

/** Why a decision failed, for the alert beside its buttons. */
export function decisionFailure(error: unknown): FormFailureSplit {
  if (isApiError(error) && error.status === 409) {
    return { fieldErrors: {}, message: ALREADY_DECIDED_MESSAGE };
  }
  return splitFormFailure(error, []);
}
