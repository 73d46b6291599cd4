import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '@/features/account/account-page';
import { accountQueryOptions } from '@/features/account/account-queries';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/_authenticated/account')({
  loader: ({ context }) => context.queryClient.ensureQueryData(accountQueryOptions()),
  head: () => titleMeta('Account'),
  component: AccountPage,
});
