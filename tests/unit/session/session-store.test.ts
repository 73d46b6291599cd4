import { describe, expect, test, vi } from 'vitest';

import {
  createSessionStore,
  isAuthenticatedReply,
  readStoredSession,
  rememberEmail,
  sessionFromReply,
  signedOutSession,
  type AuthCheckReply,
  type AuthSession,
} from '@/session/session-store';

const SESSION_KEY = 'shelflink.session';
const SHARED_EMAIL_KEY = 'shelflink.email';
const SESSION_ID = 'secret-session-id-4f9a';

function reply(overrides: Partial<AuthCheckReply> = {}): AuthCheckReply {
  return {
    sessionId: SESSION_ID,
    userName: 'ada@example.com',
    userId: '42',
    roles: ['Author'],
    responseStatus: { errorCode: '', message: '', errors: [] },
    ...overrides,
  };
}

const adaSession: AuthSession = {
  isAuthenticated: true,
  userName: 'ada@example.com',
  userId: '42',
  email: 'ada@example.com',
  impersonateAs: '',
  roles: ['Author'],
};

function storeSession(value: unknown): void {
  window.sessionStorage.setItem(SESSION_KEY, JSON.stringify(value));
}

function storedSession(): unknown {
  const raw = window.sessionStorage.getItem(SESSION_KEY);
  return raw === null ? null : JSON.parse(raw);
}

/** Everything written to both web storages, as one string to search. */
function allWebStorage(): string {
  const dump: string[] = [];
  for (const storage of [window.sessionStorage, window.localStorage]) {
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i) ?? '';
      dump.push(key, storage.getItem(key) ?? '');
    }
  }
  return dump.join('\n');
}

describe('the session store', () => {
  test('is unauthenticated by default', () => {
    const store = createSessionStore();

    expect(store.get()).toEqual(signedOutSession);
    expect(store.get().isAuthenticated).toBe(false);
    expect(readStoredSession()).toEqual(signedOutSession);
  });

  test('becomes authenticated from a reply with a sessionId and no errorCode', () => {
    const store = createSessionStore();

    const session = store.applyReply(reply());

    expect(session).toEqual(adaSession);
    expect(store.get()).toEqual(adaSession);
  });

  test('is reset to unauthenticated, and its stored copy removed', () => {
    const store = createSessionStore();
    store.applyReply(reply());
    expect(storedSession()).not.toBeNull();

    expect(store.reset()).toEqual(signedOutSession);
    expect(store.get()).toEqual(signedOutSession);
    expect(storedSession()).toBeNull();
  });

  test('tells subscribers about every change until they unsubscribe', () => {
    const store = createSessionStore();
    const seen: AuthSession[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.get()));

    store.applyReply(reply());
    store.setImpersonateAs('7');
    unsubscribe();
    store.reset();

    expect(seen).toEqual([adaSession, { ...adaSession, impersonateAs: '7' }]);
  });

  test('is unchecked until the server first answers, and says so once', () => {
    const store = createSessionStore();
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.isChecked()).toBe(false);

    store.reset();

    expect(store.isChecked()).toBe(true);
    expect(store.get()).toEqual(signedOutSession);
    expect(listener).toHaveBeenCalledTimes(1);
    store.reset();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  test('tells who waits for the first answer what it was', async () => {
    const store = createSessionStore();
    const answered = store.whenChecked();

    store.applyReply(reply());

    await expect(answered).resolves.toEqual(adaSession);
    await expect(store.whenChecked()).resolves.toEqual(adaSession);
  });

  test('an impersonation is not an answer from the server', () => {
    const store = createSessionStore();
    store.setImpersonateAs('7');
    expect(store.isChecked()).toBe(false);
    expect(store.markChecked().impersonateAs).toBe('7');
    expect(store.isChecked()).toBe(true);
  });

  test('an answer that changes nothing keeps the session and tells nobody', () => {
    const store = createSessionStore();
    const first = store.applyReply(reply());
    const listener = vi.fn();
    store.subscribe(listener);

    expect(store.applyReply(reply())).toBe(first);
    expect(store.reset()).toEqual(signedOutSession);
    expect(store.reset()).toEqual(signedOutSession);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  test('a signed-in session survives into a new store (a reload of the tab)', () => {
    createSessionStore().applyReply(reply());

    expect(createSessionStore().get()).toEqual(adaSession);
  });
});

describe('isAuthenticatedReply', () => {
  test.each<[string, Partial<AuthCheckReply>, boolean]>([
    ['a sessionId and an empty errorCode', {}, true],
    ['a sessionId and no responseStatus', { responseStatus: undefined }, true],
    ['a sessionId and a responseStatus without errorCode', { responseStatus: {} }, true],
    ['a blank sessionId', { sessionId: '' }, false],
    ['a whitespace sessionId', { sessionId: '   ' }, false],
    ['a non-empty errorCode', { responseStatus: { errorCode: 'TokenExpired' } }, false],
    [
      'a blank sessionId and an errorCode',
      { sessionId: '', responseStatus: { errorCode: 'Unauthorized' } },
      false,
    ],
  ])('%s → %s', (_case, overrides, expected) => {
    expect(isAuthenticatedReply(reply(overrides))).toBe(expected);
  });
});

describe('sessionFromReply', () => {
  test('a blank sessionId gives the signed-out session', () => {
    expect(sessionFromReply(reply({ sessionId: '' }), adaSession)).toEqual(signedOutSession);
  });

  test('a non-blank errorCode gives the signed-out session', () => {
    expect(
      sessionFromReply(reply({ responseStatus: { errorCode: 'Invalid' } }), adaSession),
    ).toEqual(signedOutSession);
  });

  test('keeps impersonation for the same user and drops it for another', () => {
    const impersonating = { ...adaSession, impersonateAs: '7' };

    expect(sessionFromReply(reply(), impersonating).impersonateAs).toBe('7');
    expect(sessionFromReply(reply({ userId: '43' }), impersonating).impersonateAs).toBe('');
  });

  test('takes the e-mail from the shared store first, then the previous session', () => {
    const noEmailName = reply({ userName: 'Ada' });

    expect(sessionFromReply(noEmailName, signedOutSession).email).toBe('');
    expect(
      sessionFromReply(noEmailName, { ...adaSession, email: 'previous@example.com' }).email,
    ).toBe('previous@example.com');
    rememberEmail('shared@example.com');
    expect(
      sessionFromReply(noEmailName, { ...adaSession, email: 'previous@example.com' }).email,
    ).toBe('shared@example.com');
  });
});

describe('the stored session', () => {
  test('is trusted only when it holds a userId', () => {
    storeSession({ ...adaSession, userId: '' });
    expect(readStoredSession()).toEqual(signedOutSession);
    expect(createSessionStore().get().isAuthenticated).toBe(false);

    storeSession({ ...adaSession, userId: undefined });
    expect(readStoredSession()).toEqual(signedOutSession);

    storeSession({ ...adaSession, userId: 42 });
    expect(readStoredSession()).toEqual(signedOutSession);

    storeSession(adaSession);
    expect(readStoredSession()).toEqual(adaSession);
  });

  test('is ignored when it is not valid JSON', () => {
    window.sessionStorage.setItem(SESSION_KEY, '{not json');

    expect(readStoredSession()).toEqual(signedOutSession);
  });

  test('has its e-mail refreshed from the shared store when the two differ', () => {
    storeSession(adaSession);
    window.localStorage.setItem(SHARED_EMAIL_KEY, 'ada.lovelace@example.com');

    const session = readStoredSession();

    expect(session).toEqual({ ...adaSession, email: 'ada.lovelace@example.com' });
    expect(storedSession()).toEqual({ ...adaSession, email: 'ada.lovelace@example.com' });
    expect(createSessionStore().get().email).toBe('ada.lovelace@example.com');
  });

  test('keeps its e-mail when the shared store is empty or agrees', () => {
    storeSession(adaSession);
    expect(readStoredSession().email).toBe('ada@example.com');

    rememberEmail('ada@example.com');
    expect(readStoredSession()).toEqual(adaSession);
  });

  test('impersonation sets impersonateAs and persists it in sessionStorage', () => {
    const store = createSessionStore();
    store.applyReply(reply());

    const session = store.setImpersonateAs('10482');

    expect(session).toEqual({ ...adaSession, impersonateAs: '10482' });
    expect(store.get().impersonateAs).toBe('10482');
    expect(storedSession()).toMatchObject({ userId: '42', impersonateAs: '10482' });
    expect(createSessionStore().get().impersonateAs).toBe('10482');

    store.setImpersonateAs('');
    expect(storedSession()).toMatchObject({ impersonateAs: '' });
  });

  test('never holds the session id in web storage', () => {
    rememberEmail('ada@example.com');
    const store = createSessionStore();

    store.applyReply(reply());
    store.setImpersonateAs('10482');
    store.applyReply(reply({ roles: ['Author', 'Administrator'] }));

    expect(storedSession()).not.toBeNull();
    expect(storedSession()).not.toHaveProperty('sessionId');
    expect(Object.keys(store.get())).not.toContain('sessionId');
    expect(allWebStorage()).not.toContain(SESSION_ID);
  });
});
