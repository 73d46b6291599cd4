import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, test, vi } from 'vitest';

import { createQueryClient } from '@/api/query-client';
import { checkSession, SESSION_ANSWER_FRESH_MS } from '@/session/session-check';
import { createSessionStore, signedOutSession, type AuthCheckReply } from '@/session/session-store';
import { jsonReply } from '../support/api-client';

const { fetchMock } = vi.hoisted(() => ({ fetchMock: vi.fn<typeof globalThis.fetch>() }));

vi.mock('@/api/client', async (importOriginal) => {
  const { overFetch } = await import('../support/api-client');
  return overFetch(await importOriginal(), fetchMock);
});

function authReply(overrides: Partial<AuthCheckReply> = {}): AuthCheckReply {
  return {
    sessionId: 'live-session',
    userName: 'ada@example.com',
    userId: '42',
    roles: ['Author'],
    responseStatus: { errorCode: '' },
    ...overrides,
  };
}

function answerWith(status: number, body: unknown): void {
  fetchMock.mockImplementation(() => Promise.resolve(jsonReply(status, body)));
}

function sentRequest(call = 0): Request {
  const request = fetchMock.mock.calls[call]?.[0];
  if (!(request instanceof Request)) throw new Error(`fetch call ${call} got no Request`);
  return request;
}

function signedInStore() {
  const store = createSessionStore();
  store.applyReply(authReply());
  return store;
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.useRealTimers();
});

describe('checkSession', () => {
  test('while signed out, calls POST /auth with an empty body', async () => {
    answerWith(200, authReply());
    const store = createSessionStore();

    const result = await checkSession(createQueryClient(), store);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sentRequest().method).toBe('POST');
    expect(new URL(sentRequest().url).pathname).toBe('/auth');
    expect(await sentRequest().text()).toBe('{}');
    expect(result.sessionCheckFailed).toBe(false);
    expect(result.session.isAuthenticated).toBe(true);
    expect(store.get()).toEqual(result.session);
  });

  test('while signed in, calls the navigation check GET /auth/session', async () => {
    answerWith(200, authReply({ roles: ['Author', 'Administrator'] }));
    const store = signedInStore();

    const result = await checkSession(createQueryClient(), store);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sentRequest().method).toBe('GET');
    expect(new URL(sentRequest().url).pathname).toBe('/auth/session');
    expect(result.session.roles).toEqual(['Author', 'Administrator']);
    expect(store.get().roles).toEqual(['Author', 'Administrator']);
  });

  test('asks the server again on every navigation', async () => {
    answerWith(200, authReply());
    const queryClient = createQueryClient();
    const store = createSessionStore();

    await checkSession(queryClient, store);
    await checkSession(queryClient, store);

    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sentRequest(0).method).toBe('POST');
    expect(sentRequest(1).method).toBe('GET');
  });

  test('a signed-out reply to the navigation check signs the browser out', async () => {
    answerWith(200, authReply({ sessionId: '' }));
    const store = signedInStore();

    const result = await checkSession(createQueryClient(), store);

    expect(result).toEqual({ session: signedOutSession, sessionCheckFailed: false });
    expect(store.get()).toEqual(signedOutSession);
  });

  test('a reply with an errorCode leaves the session unauthenticated', async () => {
    answerWith(200, authReply({ responseStatus: { errorCode: 'SessionExpired' } }));
    const store = createSessionStore();

    const result = await checkSession(createQueryClient(), store);

    expect(result.session).toEqual(signedOutSession);
  });

  test.each([401, 403, 500])(
    'a failed auth call (%i) resets the session to unauthenticated, without retrying',
    async (status) => {
      answerWith(status, { responseStatus: { errorCode: 'Failed', message: 'No' } });
      const store = signedInStore();

      const result = await checkSession(createQueryClient(), store);

      expect(result).toEqual({ session: signedOutSession, sessionCheckFailed: true });
      expect(store.get()).toEqual(signedOutSession);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    },
  );

  test('an unreachable server resets the session to unauthenticated', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const store = signedInStore();

    const result = await checkSession(createQueryClient(), store);

    expect(result.sessionCheckFailed).toBe(true);
    expect(store.get()).toEqual(signedOutSession);
  });

  test('any rejection of the query resets the session', async () => {
    const queryClient = new QueryClient();
    const query = vi.spyOn(queryClient, 'query').mockRejectedValue(new Error('boom'));
    const store = signedInStore();

    const result = await checkSession(queryClient, store);

    expect(query).toHaveBeenCalledWith(
      expect.objectContaining({ queryKey: ['get', '/auth/session', {}] }),
    );
    expect(result).toEqual({ session: signedOutSession, sessionCheckFailed: true });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('queries with the POST /auth key while signed out', async () => {
    const queryClient = new QueryClient();
    const query = vi.spyOn(queryClient, 'query').mockResolvedValue(authReply());

    await checkSession(queryClient, createSessionStore());

    expect(query).toHaveBeenCalledWith(
      expect.objectContaining({ queryKey: ['post', '/auth', { body: {} }] }),
    );
  });
});

describe('checkSession on later navigations', () => {
  /** A signed-in store whose navigation check the server has just confirmed. */
  async function confirmedSignIn(queryClient: QueryClient) {
    answerWith(200, authReply());
    const store = signedInStore();
    await checkSession(queryClient, store);
    fetchMock.mockClear();
    return store;
  }

  test('goes ahead on a recent answer and asks the server again in the background', async () => {
    const queryClient = createQueryClient();
    const store = await confirmedSignIn(queryClient);
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));

    const result = await checkSession(queryClient, store);

    expect(result).toEqual({ session: store.get(), sessionCheckFailed: false });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(new URL(sentRequest().url).pathname).toBe('/auth/session');
    answer(jsonReply(200, authReply()));
  });

  test('a preload on a recent answer does not ask the server', async () => {
    const queryClient = createQueryClient();
    const store = await confirmedSignIn(queryClient);

    const result = await checkSession(queryClient, store, { preload: true });

    expect(result.session.isAuthenticated).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('a background answer that ends the session signs out and re-runs the guards', async () => {
    const queryClient = createQueryClient();
    const store = await confirmedSignIn(queryClient);
    answerWith(200, authReply({ sessionId: '' }));
    const onSessionChanged = vi.fn();

    await checkSession(queryClient, store, { onSessionChanged });

    await vi.waitFor(() => {
      expect(onSessionChanged).toHaveBeenCalledTimes(1);
    });
    expect(store.get()).toEqual(signedOutSession);
  });

  test('a background answer with a lost role re-runs the guards', async () => {
    const queryClient = createQueryClient();
    answerWith(200, authReply({ roles: ['Author', 'Administrator'] }));
    const store = signedInStore();
    await checkSession(queryClient, store);
    answerWith(200, authReply({ roles: ['Author'] }));
    const onSessionChanged = vi.fn();

    await checkSession(queryClient, store, { onSessionChanged });

    await vi.waitFor(() => {
      expect(onSessionChanged).toHaveBeenCalledTimes(1);
    });
    expect(store.get().roles).toEqual(['Author']);
  });

  test('an unchanged background answer leaves the guards alone', async () => {
    const queryClient = createQueryClient();
    const store = await confirmedSignIn(queryClient);
    const onSessionChanged = vi.fn();

    await checkSession(queryClient, store, { onSessionChanged });
    await vi.waitFor(() => {
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
    await new Promise((resolve) => setTimeout(resolve, 10));

    expect(onSessionChanged).not.toHaveBeenCalled();
    expect(store.get().isAuthenticated).toBe(true);
  });

  test('after a failed background check the next navigation waits for the server', async () => {
    const queryClient = createQueryClient();
    const store = await confirmedSignIn(queryClient);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await checkSession(queryClient, store);
    await vi.waitFor(() => {
      expect(queryClient.getQueryState(['get', '/auth/session', {}])?.status).toBe('error');
    });
    expect(store.get().isAuthenticated).toBe(true);

    const result = await checkSession(queryClient, store);
    expect(result.sessionCheckFailed).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  test('an answer older than the freshness window is awaited again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const queryClient = createQueryClient();
    const store = await confirmedSignIn(queryClient);
    vi.setSystemTime(Date.now() + SESSION_ANSWER_FRESH_MS + 1);
    answerWith(200, authReply({ sessionId: '' }));

    const result = await checkSession(queryClient, store);

    expect(result.session).toEqual(signedOutSession);
  });
});

/** Holds the next fetch until the returned function answers it with a signed-out reply. */
function holdFetch(): () => void {
  let answer: (response: Response) => void = () => undefined;
  fetchMock.mockReturnValue(
    new Promise<Response>((resolve) => {
      answer = resolve;
    }),
  );
  return () => {
    answer(jsonReply(200, authReply({ sessionId: '' })));
  };
}

describe('the first check of a page load', () => {
  test('marks the session checked once the server answers, and not before', async () => {
    const answerSignedOut = holdFetch();
    const store = createSessionStore();

    const pending = checkSession(createQueryClient(), store);
    await vi.waitFor(() => {
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
    expect(store.isChecked()).toBe(false);
    answerSignedOut();

    expect((await pending).session).toEqual(signedOutSession);
    expect(store.isChecked()).toBe(true);
  });

  test('an answer overtaken by a sign-in is dropped', async () => {
    const answerSignedOut = holdFetch();
    const store = createSessionStore();

    const pending = checkSession(createQueryClient(), store);
    await vi.waitFor(() => {
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
    store.applyReply(authReply());
    answerSignedOut();

    const result = await pending;
    expect(result.session.userId).toBe('42');
    expect(store.get().isAuthenticated).toBe(true);
  });

  test('a check cancelled by a sign-in emptying the request cache keeps the new session', async () => {
    holdFetch();
    const queryClient = createQueryClient();
    const store = createSessionStore();

    const pending = checkSession(queryClient, store);
    await vi.waitFor(() => {
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
    // What signing in from a mailed link's screen does while the page's first check is out.
    store.applyReply(authReply());
    queryClient.clear();

    const result = await pending;
    expect(result).toMatchObject({ session: { userId: '42' }, sessionCheckFailed: false });
    expect(store.get().isAuthenticated).toBe(true);
  });
});

describe('a session check that was cut off', () => {
  test('a cancelled request keeps the stored session', async () => {
    fetchMock.mockRejectedValue(new DOMException('The operation was aborted.', 'AbortError'));
    const store = signedInStore();

    const result = await checkSession(createQueryClient(), store);

    expect(result.sessionCheckFailed).toBe(true);
    expect(store.get().isAuthenticated).toBe(true);
    expect(store.isChecked()).toBe(true);
  });

  test('a check failing while the page is being left keeps the stored session', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const store = signedInStore();
    window.dispatchEvent(new Event('pagehide'));
    try {
      const result = await checkSession(createQueryClient(), store);
      expect(result.session.isAuthenticated).toBe(true);
      expect(store.get().userId).toBe('42');
    } finally {
      window.dispatchEvent(new Event('pageshow'));
    }
  });
});
