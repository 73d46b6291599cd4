import fastifyCookie from '@fastify/cookie';
import { and, eq, gt } from 'drizzle-orm';
import type { Config } from '../config';
import type { AppDeps } from '../deps';
import type { Database } from '../db/database';
import { createId } from '../db/ids';
import { sessions, users } from '../db/schema';
import { createSecret, hashSecret } from './secrets';
import type { UserRow } from './users';

export const sessionCookieName = 'ss-id';

const day = 24 * 60 * 60 * 1000;
const sessionLifetime = 30 * day;
/** A session in use is extended at most once a day, to keep reads from writing. */
const renewalInterval = day;

function sessionCookie(config: Config, secret: string, maxAgeMs: number): string {
  return fastifyCookie.serialize(sessionCookieName, secret, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.appOrigin.startsWith('https:'),
    maxAge: maxAgeMs / 1000,
  });
}

export function expiredSessionCookie(config: Config): string {
  return sessionCookie(config, '', 0);
}

/** A new session for the user: its public id and the `Set-Cookie` value that carries it. */
export async function startSession(
  { db, clock, config }: AppDeps,
  userId: number,
): Promise<{ sessionId: string; cookie: string }> {
  const secret = createSecret();
  const now = clock.now();
  const sessionId = createId('ses');
  await db.insert(sessions).values({
    id: sessionId,
    tokenHash: hashSecret(secret),
    userId,
    expiresAt: new Date(now.getTime() + sessionLifetime),
    lastSeenAt: now,
  });
  return { sessionId, cookie: sessionCookie(config, secret, sessionLifetime) };
}

interface ResumedSession {
  sessionId: string;
  user: UserRow;
  /** Set when the session was extended: the cookie with its new lifetime. */
  renewalCookie?: string;
}

/** The live session behind a cookie's secret, extended when it was last seen over a day ago. */
export async function resumeSession(
  { db, clock, config }: AppDeps,
  secret: string,
): Promise<ResumedSession | undefined> {
  const now = clock.now();
  const [found] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashSecret(secret)), gt(sessions.expiresAt, now)));
  if (!found) return undefined;
  const { session, user } = found;
  if (now.getTime() - session.lastSeenAt.getTime() < renewalInterval) {
    return { sessionId: session.id, user };
  }
  await db
    .update(sessions)
    .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + sessionLifetime) })
    .where(eq(sessions.id, session.id));
  return {
    sessionId: session.id,
    user,
    renewalCookie: sessionCookie(config, secret, sessionLifetime),
  };
}

export async function endSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}
