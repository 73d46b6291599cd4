import { QueryClient } from '@tanstack/react-query';
import { isRedirect, type ParsedLocation } from '@tanstack/react-router';
import { describe, expect, test } from 'vitest';

import { requireRole, requireSignedIn } from '@/session/route-guards';
import { authenticateQueryOptions } from '@/session/session-check';
import { signedOutSession, type AuthSession } from '@/session/session-store';

const administrator: AuthSession = {
  isAuthenticated: true,
  userName: 'ada@example.com',
  userId: '42',
  email: 'ada@example.com',
  impersonateAs: '',
  roles: ['Administrator'],
};
const author: AuthSession = { ...administrator, roles: [] };

const location = { href: '/links/books?page=2' } as ParsedLocation;

function context(session: AuthSession, sessionCheckFailed = false) {
  return {
    queryClient: new QueryClient(),
    sessionCheck: () => Promise.resolve({ session, sessionCheckFailed }),
  };
}

/** A context whose check failed because the server could not be reached. */
async function unreachableContext() {
  const failed = context(signedOutSession, true);
  await failed.queryClient
    .query({
      ...authenticateQueryOptions(),
      queryFn: () => Promise.reject(new Error('unreachable')),
    })
    .catch(() => undefined);
  return failed;
}

async function thrownBy(guard: Promise<void>): Promise<unknown> {
  return guard.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
}

describe('requireSignedIn', () => {
  test('lets a signed-in visitor through', async () => {
    await expect(
      requireSignedIn({ context: context(author), location, matches: [] }),
    ).resolves.toBeUndefined();
  });

  test('sends a signed-out visitor to sign in, and back here afterwards', async () => {
    const thrown = await thrownBy(
      requireSignedIn({ context: context(signedOutSession), location, matches: [] }),
    );
    expect(isRedirect(thrown) && thrown.options).toMatchObject({
      to: '/login',
      search: { redirect: '/links/books?page=2' },
    });
  });

  test('shows what failed when the server gave no answer', async () => {
    const thrown = await thrownBy(
      requireSignedIn({ context: await unreachableContext(), location, matches: [] }),
    );
    expect(thrown).toEqual(new Error('unreachable'));
  });

  test('leaves a failed check to the guard of a page that needs a role', async () => {
    const matches = [{ staticData: {} }, { staticData: { requiredRole: 'Administrator' } }];
    await expect(
      requireSignedIn({ context: await unreachableContext(), location, matches }),
    ).resolves.toBeUndefined();
  });
});

describe('requireRole', () => {
  const { staticData, beforeLoad } = requireRole('Administrator');

  test('marks the page as needing the role', () => {
    expect(staticData).toEqual({ requiredRole: 'Administrator' });
  });

  test('lets a visitor with the role through', async () => {
    await expect(beforeLoad({ context: context(administrator) })).resolves.toBeUndefined();
  });

  test.each([
    ['a missing role', context(author)],
    ['a failed check', context(administrator, true)],
  ])('sends the visitor home on %s', async (_case, guardContext) => {
    const thrown = await thrownBy(beforeLoad({ context: guardContext }));
    expect(isRedirect(thrown) && thrown.options).toMatchObject({ to: '/', replace: true });
  });
});
