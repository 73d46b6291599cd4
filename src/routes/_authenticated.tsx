import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireSignedIn } from '@/session/route-guards';
import { SignedInLayout } from '@/shell/signed-in-layout';

export const Route = createFileRoute('/_authenticated')({
  // The return type is spelled out: the guard reads the matches, whose type the route tree builds
  // from this route, so TypeScript could not infer it.
  beforeLoad: (options): Promise<void> => requireSignedIn(options),
  component: AuthenticatedLayout,
});

function AuthenticatedLayout() {
  return (
    <SignedInLayout>
      <Outlet />
    </SignedInLayout>
  );
}
