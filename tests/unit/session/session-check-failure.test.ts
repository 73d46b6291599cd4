import { beforeEach, expect, test, vi } from 'vitest';

import { ApiError, UNREACHABLE_MESSAGE } from '@/api/api-error';
import { createQueryClient } from '@/api/query-client';
import { checkSession, sessionCheckFailure } from '@/session/session-check';
import { createSessionStore } from '@/session/session-store';
import { jsonReply } from '../support/api-client';

const { fetchMock } = vi.hoisted(() => ({ fetchMock: vi.fn<typeof globalThis.fetch>() }));

vi.mock('@/api/client', async (importOriginal) => {
  const { overFetch } = await import('../support/api-client');
  return overFetch(await importOriginal(), fetchMock);
});

const signedIn = {
  sessionId: 'live-session',
  userName: 'ada@example.com',
  userId: '42',
  roles: ['Author'],
  responseStatus: { errorCode: '' },
};

beforeEach(() => {
  fetchMock.mockReset();
});

test('an unreachable server is the failure a sign-in-only page shows', async () => {
  fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
  const queryClient = createQueryClient();

  const result = await checkSession(queryClient, createSessionStore());

  const failure = sessionCheckFailure(queryClient);
  expect(result.sessionCheckFailed).toBe(true);
  expect(failure).toBeInstanceOf(ApiError);
  expect(failure?.message).toBe(UNREACHABLE_MESSAGE);
});

test('a server error is a failure too', async () => {
  fetchMock.mockResolvedValue(jsonReply(500, { responseStatus: { message: 'Down for upkeep.' } }));
  const queryClient = createQueryClient();

  await checkSession(queryClient, createSessionStore());

  expect(sessionCheckFailure(queryClient)?.message).toBe('Down for upkeep.');
});

test.each([401, 403])(
  'a rejected session (%i) is a matter of signing in, not a failure',
  async (status) => {
    fetchMock.mockResolvedValue(
      jsonReply(status, { responseStatus: { errorCode: 'Unauthorized' } }),
    );
    const queryClient = createQueryClient();

    const result = await checkSession(queryClient, createSessionStore());

    expect(result.sessionCheckFailed).toBe(true);
    expect(sessionCheckFailure(queryClient)).toBeUndefined();
  },
);

test('a later successful check leaves no failure behind', async () => {
  fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
  fetchMock.mockResolvedValue(jsonReply(200, signedIn));
  const queryClient = createQueryClient();
  const store = createSessionStore();

  await checkSession(queryClient, store);
  expect(sessionCheckFailure(queryClient)).toBeInstanceOf(ApiError);
  const result = await checkSession(queryClient, store);

  expect(result).toMatchObject({ sessionCheckFailed: false, session: { isAuthenticated: true } });
  expect(sessionCheckFailure(queryClient)).toBeUndefined();
});

test('the newest of the two checks decides', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  const queryClient = createQueryClient();
  const store = createSessionStore();
  const checkAt = async (time: number, answer: () => Promise<Response>) => {
    vi.setSystemTime(time);
    fetchMock.mockImplementationOnce(answer);
    await checkSession(queryClient, store);
  };

  // POST /auth signs in, GET /auth/session then fails (signing out), and POST /auth is out of reach.
  await checkAt(1_000, () => Promise.resolve(jsonReply(200, signedIn)));
  await checkAt(2_000, () =>
    Promise.resolve(jsonReply(500, { responseStatus: { message: 'Check failed.' } })),
  );
  expect(sessionCheckFailure(queryClient)?.message).toBe('Check failed.');
  await checkAt(3_000, () => Promise.reject(new TypeError('Failed to fetch')));

  expect(sessionCheckFailure(queryClient)?.message).toBe(UNREACHABLE_MESSAGE);
  vi.useRealTimers();
});
