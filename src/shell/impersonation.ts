import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { $api } from '@/api/query-client';

/**
 * The account an administrator acts as, read through the account endpoint with the
 * impersonation applied. The id is in the key (as the header it already travels in), so a reply
 * about someone else is never shown under another id.
 */
export function impersonatedAccountQueryOptions(userId: string) {
  return $api.queryOptions(
    'get',
    '/v2/account',
    { params: { header: { 'X-Impersonate': userId } } },
    { staleTime: 5 * 60_000 },
  );
}

export type ImpersonatedEmail =
  { status: 'loading' } | { status: 'failed' } | { status: 'known'; email: string };

/** The e-mail address of the account being impersonated, as far as it is known yet. */
export function useImpersonatedEmail(userId: string): ImpersonatedEmail {
  const account = useQuery(impersonatedAccountQueryOptions(userId));
  if (account.isPending) return { status: 'loading' };
  // An answer about another account than the one asked for is not one to show.
  if (account.isError || account.data.userId !== userId) return { status: 'failed' };
  return { status: 'known', email: account.data.email };
}

/** The impersonated account in a sentence ("You are acting as …"): never its id. */
export function describeImpersonatedAccount(email: ImpersonatedEmail): string {
  if (email.status === 'known') return email.email;
  if (email.status === 'loading') return 'another user (loading their e-mail…)';
  return 'another user (their e-mail could not be loaded)';
}

/**
 * Starts acting as `userId`, or stops with ''. Every following request carries it; what was
 * read as the previous identity is dropped rather than shown again until it reloads, and the
 * screen on view reloads as the new identity.
 */
export function useImpersonation() {
  const router = useRouter();
  const queryClient = useQueryClient();
  return (userId: string) => {
    router.options.context.sessionStore.setImpersonateAs(userId);
    void queryClient.resetQueries();
    void router.invalidate();
  };
}

/**
 * Stops impersonating from any page. A page about one of the other user's things (a link's
 * report) has nothing to show the administrator, so it gives way to their own links; any other
 * page stays and reloads as theirs.
 */
export function useStopImpersonating() {
  const router = useRouter();
  const impersonate = useImpersonation();
  return () => {
    const page = router.state.matches.at(-1);
    const pageOfOneThing =
      page !== undefined &&
      page.routeId.startsWith('/_authenticated/') &&
      Object.keys(page.params).length > 0;
    impersonate('');
    if (pageOfOneThing) void router.navigate({ to: '/links/books' });
    notifications.show({
      title: 'Stopped impersonating',
      message: 'You are acting as yourself again.',
    });
  };
}
