// Moving an account to another e-mail address: the new address confirms with a one-time link
// before it takes over; until then the old one stays in force.
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { components } from '../../api/schema';
import { createSecret, hashSecret } from '../auth/secrets';
import { findUserByEmail, type AuthUser } from '../auth/users';
import type { Database } from '../db/database';
import { emailChanges, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiProblem } from '../http/api-problem';
import { enforceRateLimits } from '../rate-limits';
import {
  addressTakenMessage,
  changeNoticeMessage,
  confirmationMessage,
  emailChangeLifetimeHours,
} from './email-change-mail';

type PendingEmail = components['schemas']['PendingEmail'];

const rateLimitWindowSeconds = 15 * 60;
const requestsPerAccount = 5;
/** Counted with sign-in links, to the address and from the IP, so that neither floods a mailbox. */
const requestsPerAddress = 5;
const requestsPerIp = 20;

const takenMessage = 'Another Shelflink account now uses this address, so yours cannot move to it.';

/** The account's unused, unexpired change, newest first; a newer request deletes older ones. */
export async function pendingEmailOf(
  db: Database,
  userId: number,
  now: Date,
): Promise<PendingEmail | undefined> {
  const [pending] = await db
    .select()
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.userId, userId),
        isNull(emailChanges.usedAt),
        gt(emailChanges.expiresAt, now),
      ),
    )
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  return (
    pending && {
      address: pending.newEmail,
      requestedAt: pending.createdAt.toISOString(),
      expiresAt: pending.expiresAt.toISOString(),
    }
  );
}

function unusedChangesOf(userId: number) {
  return and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt));
}

/** An address mail can go to: the contract's `Email` lets through domains no mailbox has. */
const deliverableAddress =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/;

/** Refuses, at the field, an address no confirmation link could reach. */
export function assertDeliverable(email: string): void {
  if (deliverableAddress.test(email)) return;
  throw ApiProblem.invalid([
    {
      fieldName: 'Email',
      errorCode: 'Format',
      message: 'Enter an e-mail address like name@example.com.',
    },
  ]);
}

/** An administrator acting as the user may edit the account, but not move it to their address. */
export function assertOwnerActs(impersonating: boolean): void {
  if (!impersonating) return;
  throw ApiProblem.forbidden(
    "Only the account's owner can change its e-mail address, not an administrator acting as them.",
  );
}

/**
 * Records `newEmail` (lower-cased) as the account's pending address, replacing any earlier
 * request, and mails its confirmation link, or, when the address already has an account, a
 * message saying so. The address in force is told either way.
 */
export async function requestEmailChange(
  { db, mailer, clock, config }: AppDeps,
  user: AuthUser,
  newEmail: string,
  ip: string,
): Promise<void> {
  const now = clock.now();
  await enforceRateLimits(db, now, [
    {
      key: `email-change:account:${user.id}`,
      limit: requestsPerAccount,
      windowSeconds: rateLimitWindowSeconds,
    },
    {
      key: `sign-in-link:address:${newEmail}`,
      limit: requestsPerAddress,
      windowSeconds: rateLimitWindowSeconds,
    },
    { key: `sign-in-link:ip:${ip}`, limit: requestsPerIp, windowSeconds: rateLimitWindowSeconds },
  ]);
  const taken = (await findUserByEmail(db, newEmail)) !== undefined;
  // A taken address still gets a pending change, so the reply looks the same; its token is never
  // mailed, and confirming would refuse it anyway.
  const token = createSecret();
  await db.transaction(async (tx) => {
    await tx.delete(emailChanges).where(unusedChangesOf(user.id));
    await tx.insert(emailChanges).values({
      tokenHash: hashSecret(token),
      userId: user.id,
      newEmail,
      createdAt: now,
      expiresAt: new Date(now.getTime() + emailChangeLifetimeHours * 60 * 60 * 1000),
    });
  });
  await mailer.send(
    taken
      ? addressTakenMessage(newEmail, user.email, `${config.appOrigin}/login`)
      : confirmationMessage(newEmail, user.email, `${config.appOrigin}/confirm-email/${token}`),
  );
  await mailer.send(changeNoticeMessage(user.email, newEmail, `${config.appOrigin}/account`));
}

/** Drops the account's pending change; its link stops working. */
export async function cancelEmailChange(db: Database, userId: number): Promise<void> {
  await db.delete(emailChanges).where(unusedChangesOf(userId));
}

/**
 * Puts the address a token was mailed to in force on the account it was made for, using the
 * token up. Answers that account's id.
 */
export function confirmEmailChange(db: Database, token: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [change] = await tx
      .select()
      .from(emailChanges)
      .where(eq(emailChanges.tokenHash, hashSecret(token)))
      .for('update');
    if (!change) {
      throw new ApiProblem(
        404,
        'TokenNotFound',
        'This confirmation link is not valid. It may have been replaced by a newer one, or the change was cancelled.',
      );
    }
    if (change.usedAt) {
      throw new ApiProblem(410, 'TokenUsed', 'This confirmation link was already used.');
    }
    if (change.expiresAt <= now) {
      throw new ApiProblem(
        410,
        'TokenExpired',
        'This confirmation link has expired. Ask for a new one from your account page.',
      );
    }
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, change.newEmail), ne(users.id, change.userId)));
    if (owner) {
      throw new ApiProblem(409, 'EmailTaken', takenMessage, [
        { fieldName: 'Email', errorCode: 'EmailTaken', message: takenMessage },
      ]);
    }
    await tx.update(users).set({ email: change.newEmail }).where(eq(users.id, change.userId));
    await tx
      .update(emailChanges)
      .set({ usedAt: now })
      .where(eq(emailChanges.tokenHash, change.tokenHash));
    return change.userId;
  });
}
