import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_authenticated/links/')({
  beforeLoad: () => {
    throw redirect({ to: '/links/books', replace: true });
  },
});
