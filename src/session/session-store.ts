import type { components } from '@/api/schema';

export type AuthCheckReply = components['schemas']['AuthCheckReply'];

/** The signed-in state kept in the browser. It never holds the session id, which lives only in an HttpOnly cookie. */
export interface AuthSession {
  isAuthenticated: boolean;
  userName: string;
  userId: string;
  email: string;
  impersonateAs: string;
  roles: string[];
}

export const ADMINISTRATOR_ROLE = 'Administrator';

const SESSION_KEY = 'shelflink.session';
/** Kept in localStorage: it outlives the tab, so a new tab knows the address the user signed in with. */
const SHARED_EMAIL_KEY = 'shelflink.email';

export const signedOutSession: Readonly<AuthSession> = Object.freeze({
  isAuthenticated: false,
  userName: '',
  userId: '',
  email: '',
  impersonateAs: '',
  roles: [],
});

function readJson(storage: Storage, key: string): unknown {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

function asString(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function readSharedEmail(): string {
  try {
    return window.localStorage.getItem(SHARED_EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberEmail(email: string): void {
  try {
    window.localStorage.setItem(SHARED_EMAIL_KEY, email);
  } catch {
    // Storage can be unavailable (private mode, quota); the e-mail is only a convenience.
  }
}

/** A stored session is trusted only when it holds a user id; its e-mail follows the shared store. */
export function readStoredSession(): AuthSession {
  const stored = readJson(window.sessionStorage, SESSION_KEY);
  if (typeof stored !== 'object' || stored === null) return signedOutSession;
  const record = stored as Record<string, unknown>;
  const userId = asString(record.userId);
  if (!userId) return signedOutSession;
  const session: AuthSession = {
    isAuthenticated: record.isAuthenticated === true,
    userName: asString(record.userName),
    userId,
    email: asString(record.email),
    impersonateAs: asString(record.impersonateAs),
    roles: Array.isArray(record.roles)
      ? record.roles.filter((role) => typeof role === 'string')
      : [],
  };
  const sharedEmail = readSharedEmail();
  if (sharedEmail && sharedEmail !== session.email) {
    const refreshed = { ...session, email: sharedEmail };
    writeStoredSession(refreshed);
    return refreshed;
  }
  return session;
}

function writeStoredSession(session: AuthSession): void {
  try {
    if (session.userId) window.sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
    else window.sessionStorage.removeItem(SESSION_KEY);
  } catch {
    // Without storage the session is re-checked with the server on every load.
  }
}

/** Authenticated exactly when the reply has a non-empty sessionId and no non-empty errorCode. */
export function isAuthenticatedReply(reply: AuthCheckReply): boolean {
  return reply.sessionId.trim() !== '' && !reply.responseStatus?.errorCode?.trim();
}

export function sessionFromReply(reply: AuthCheckReply, previous: AuthSession): AuthSession {
  if (!isAuthenticatedReply(reply)) return signedOutSession;
  const email =
    readSharedEmail() || previous.email || (reply.userName.includes('@') ? reply.userName : '');
  return {
    isAuthenticated: true,
    userName: reply.userName,
    userId: reply.userId,
    email,
    impersonateAs: previous.userId === reply.userId ? previous.impersonateAs : '',
    roles: reply.roles,
  };
}

type Listener = () => void;

function sameSession(a: AuthSession, b: AuthSession): boolean {
  return (
    a.isAuthenticated === b.isAuthenticated &&
    a.userName === b.userName &&
    a.userId === b.userId &&
    a.email === b.email &&
    a.impersonateAs === b.impersonateAs &&
    a.roles.length === b.roles.length &&
    a.roles.every((role, index) => b.roles[index] === role)
  );
}

/**
 * The one place the browser's session lives; the shell subscribes, the API client reads
 * impersonateAs. Until the server first answers in this page load, the session is the one stored
 * in the tab (or signed out) and `isChecked()` is false: the shell shows placeholders for what
 * depends on it rather than a guess.
 */
export function createSessionStore() {
  let current = readStoredSession();
  let checked = false;
  const listeners = new Set<Listener>();

  function notify(): void {
    for (const listener of listeners) listener();
  }

  function set(next: AuthSession): AuthSession {
    // Every navigation's check answers; only an answer that changes something is news.
    if (sameSession(current, next)) return current;
    current = next;
    writeStoredSession(next);
    notify();
    return next;
  }

  function settle(next: AuthSession): AuthSession {
    const wasChecked = checked;
    const before = current;
    checked = true;
    const session = set(next);
    // An answer that changes nothing is still news the first time: the placeholders can go.
    if (!wasChecked && session === before) notify();
    return session;
  }

  function subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  return {
    get: (): AuthSession => current,
    isChecked: (): boolean => checked,
    subscribe,
    /** The session as of the server's first answer in this page load. */
    whenChecked: (): Promise<AuthSession> =>
      new Promise((resolve) => {
        if (checked) {
          resolve(current);
          return;
        }
        const unsubscribe = subscribe(() => {
          if (!checked) return;
          unsubscribe();
          resolve(current);
        });
      }),
    applyReply: (reply: AuthCheckReply): AuthSession => settle(sessionFromReply(reply, current)),
    reset: (): AuthSession => settle(signedOutSession),
    /** The check was cut off (the page is being left, the request cancelled): stop waiting. */
    markChecked: (): AuthSession => settle(current),
    setImpersonateAs: (impersonateAs: string): AuthSession => set({ ...current, impersonateAs }),
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
