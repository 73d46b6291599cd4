import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import type { Database } from '../db/database';
import { signInTokens, type PendingClaim } from '../db/schema';
import type { MailMessage } from '../mail/mailer';
import { ApiProblem } from '../http/api-problem';
import { enforceRateLimits } from '../rate-limits';
import { createSecret, hashSecret } from './secrets';

export const signInLinkLifetimeMinutes = 15;

const rateLimitWindowSeconds = 15 * 60;
const requestsPerAddress = 5;
const requestsPerIp = 20;

function signInMessage(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Your Shelflink sign-in link',
    actionUrl: link,
    text: [
      'Hello,',
      '',
      'Follow this link to sign in to Shelflink:',
      '',
      link,
      '',
      `It works once, within ${signInLinkLifetimeMinutes} minutes. If you did not ask for it, you can ignore this e-mail.`,
      '',
    ].join('\n'),
  };
}

/** Counts a request against the per-address and per-IP limits, then stores a new token's hash. */
async function issueToken(
  db: Database,
  now: Date,
  token: {
    email: string;
    ip: string;
    purpose: 'sign-in' | 'claim';
    expiresAt: Date;
    payload?: PendingClaim;
  },
): Promise<string> {
  const { email, ip, purpose, expiresAt, payload } = token;
  await enforceRateLimits(db, now, [
    {
      key: `sign-in-link:address:${email}`,
      limit: requestsPerAddress,
      windowSeconds: rateLimitWindowSeconds,
    },
    { key: `sign-in-link:ip:${ip}`, limit: requestsPerIp, windowSeconds: rateLimitWindowSeconds },
  ]);
  const secret = createSecret();
  await db.insert(signInTokens).values({
    tokenHash: hashSecret(secret),
    email,
    purpose,
    payload,
    expiresAt,
  });
  return secret;
}

/**
 * Uses a token up in one statement, so that of concurrent uses exactly one succeeds. Answers
 * undefined when the token is used, expired, unknown or for another purpose.
 */
async function redeemToken(
  db: Database,
  token: string,
  purpose: 'sign-in' | 'claim',
  now: Date,
): Promise<{ email: string; payload: PendingClaim | null } | undefined> {
  const [redeemed] = await db
    .update(signInTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(signInTokens.tokenHash, hashSecret(token)),
        eq(signInTokens.purpose, purpose),
        isNull(signInTokens.usedAt),
        gt(signInTokens.expiresAt, now),
      ),
    )
    .returning({ email: signInTokens.email, payload: signInTokens.payload });
  return redeemed;
}

/** E-mails a one-time sign-in link to the address (lower-cased), within the rate limits. */
export async function sendSignInLink(
  { db, mailer, clock, config }: AppDeps,
  email: string,
  ip: string,
): Promise<void> {
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + signInLinkLifetimeMinutes * 60 * 1000);
  const token = await issueToken(db, now, { email, ip, purpose: 'sign-in', expiresAt });
  await mailer.send(signInMessage(email, `${config.appOrigin}/login/${token}`));
}

/** Answers the address a sign-in token was sent to, using the token up. */
export async function redeemSignInToken(
  db: Database,
  token: string,
  now: Date,
): Promise<string | undefined> {
  return (await redeemToken(db, token, 'sign-in', now))?.email;
}

/**
 * Answers the address a sign-in or confirmation link was sent to, leaving the token usable:
 * 404 for a token never issued, 410 for one used or expired.
 */
export async function previewSignInToken(db: Database, token: string, now: Date): Promise<string> {
  const [found] = await db
    .select({
      email: signInTokens.email,
      usedAt: signInTokens.usedAt,
      expiresAt: signInTokens.expiresAt,
    })
    .from(signInTokens)
    .where(eq(signInTokens.tokenHash, hashSecret(token)));
  if (!found) {
    throw new ApiProblem(
      404,
      'TokenNotFound',
      'This link is not valid. Check that you opened the whole link from the e-mail, or ask for a new one.',
    );
  }
  if (found.usedAt)
    throw new ApiProblem(410, 'TokenUsed', 'This link was already used. Ask for a new one.');
  if (found.expiresAt <= now) {
    throw new ApiProblem(410, 'TokenExpired', 'This link has expired. Ask for a new one.');
  }
  return found.email;
}

/**
 * A one-time token for a signup's confirmation link, carrying the link to claim, within the
 * same limits as sign-in links. The caller e-mails it.
 */
export function issueClaimToken(
  db: Database,
  now: Date,
  token: { email: string; ip: string; expiresAt: Date },
  claim: PendingClaim,
): Promise<string> {
  return issueToken(db, now, { ...token, purpose: 'claim', payload: claim });
}

/** Answers the address a confirmation link was sent to and its claim, using the token up. */
export async function redeemClaimToken(
  db: Database,
  token: string,
  now: Date,
): Promise<{ email: string; claim: PendingClaim } | undefined> {
  const redeemed = await redeemToken(db, token, 'claim', now);
  return redeemed?.payload ? { email: redeemed.email, claim: redeemed.payload } : undefined;
}
