// The signed-out path: a visitor creates an unclaimed link, signs up with an e-mail address, and
// the confirmation link moves the link into their (possibly new) account and signs them in.
import { and, eq, isNull } from 'drizzle-orm';
import type { components } from '../../api/schema';
import { createSecret, hashSecret } from '../auth/secrets';
import { startSession } from '../auth/sessions';
import { issueClaimToken, redeemClaimToken } from '../auth/sign-in-links';
import { findUserByEmail, recordSignIn, toAuthUser, type AuthUser } from '../auth/users';
import type { Database } from '../db/database';
import { affiliateTokens, links, type PendingClaim } from '../db/schema';
import type { AppDeps } from '../deps';
import { tokenFieldErrors } from '../affiliate/programs';
import { ApiProblem } from '../http/api-problem';
import type { MailMessage } from '../mail/mailer';
import { enforceRateLimits } from '../rate-limits';
import { shortLinkDomain, shortUrlOf } from './codes';
import { checkDestination } from './destinations';
import { createLinkRecord, findLiveLink, type LinkRow } from './link-records';
import { isLiveLink, unclaimedLinkLifetimeMs } from './unclaimed';

type CreateLinkRequest = components['schemas']['CreateLinkRequest'];
type SignupRequest = components['schemas']['SignupRequest'];

const unsupportedProgramGuid = '00000000-0000-0000-0000-000000000000';
const confirmationLifetimeHours = 24;
const unclaimedLinksPerIpPerHour = 20;

/**
 * A link that belongs to nobody until a signup claims it with the key returned here (only its
 * hash is kept), within a per-IP limit.
 */
export async function createUnclaimedLink(
  { db, clock }: AppDeps,
  request: CreateLinkRequest,
  ip: string,
): Promise<{ link: LinkRow; claimKey: string }> {
  const now = clock.now();
  await enforceRateLimits(db, now, [
    { key: `unclaimed-link:ip:${ip}`, limit: unclaimedLinksPerIpPerHour, windowSeconds: 60 * 60 },
  ]);
  const claimKey = createSecret();
  const link = await createLinkRecord(db, now, request, {
    ownerId: null,
    claimExpiresAt: new Date(now.getTime() + unclaimedLinkLifetimeMs),
    claimKeyHash: hashSecret(claimKey),
  });
  return { link, claimKey };
}

/**
 * The unclaimed link a signup is for: the one created with the same code and address, when the
 * signup holds its claim key; otherwise a new one (so a code already taken is 409). A link's
 * code and address are public, so without the key anyone could take a link someone else made.
 */
async function pendingLinkFor(deps: AppDeps, request: SignupRequest, ip: string) {
  if (request.code !== '' && request.claimKey !== undefined) {
    const link = await findLiveLink(deps.db, shortLinkDomain, request.code, deps.clock.now());
    const url = checkDestination(request.url).href;
    const claimKeyHash = hashSecret(request.claimKey);
    if (link && link.ownerId === null && link.url === url && link.claimKeyHash === claimKeyHash) {
      return link;
    }
  }
  const created = await createUnclaimedLink(deps, { url: request.url, code: request.code }, ip);
  return created.link;
}

/**
 * The affiliate token to save on confirmation: a program's non-blank values, checked as saving
 * the token in the settings would. The Unsupported program, or no values, saves nothing. They
 * are checked whether or not the address has an account, so the reply never tells which.
 */
function affiliateTokenOf({
  affiliateProgramGuid,
  affiliateParameters = {},
}: SignupRequest): Omit<PendingClaim, 'linkId'> {
  const parameters = Object.fromEntries(
    Object.entries(affiliateParameters).filter(([, value]) => value.trim() !== ''),
  );
  if (
    affiliateProgramGuid === undefined ||
    affiliateProgramGuid === unsupportedProgramGuid ||
    Object.keys(parameters).length === 0
  ) {
    return {};
  }
  const fieldErrors = tokenFieldErrors(affiliateProgramGuid, parameters, parameters);
  if (fieldErrors.length > 0) {
    // The settings name the fields `ProgramGuid` and `Parameters.…`; a signup prefixes them.
    throw ApiProblem.invalid(
      fieldErrors.map((error) => ({ ...error, fieldName: `Affiliate${error.fieldName}` })),
    );
  }
  return { affiliateProgramGuid, affiliateParameters: parameters };
}

/** Said to an existing account whose signup came with affiliate details, which are never applied. */
export const affiliateDetailsNotSaved =
  'The affiliate details sent with this sign-up were not saved: your Affiliate settings are unchanged.';

function confirmationMessage(
  to: string,
  link: string,
  shortUrl: string,
  affiliateDetailsDropped: boolean,
): MailMessage {
  return {
    to,
    subject: 'Confirm your address to keep your Shelflink link',
    actionUrl: link,
    text: [
      'Hello,',
      '',
      `Follow this link to confirm your address and keep ${shortUrl} in your Shelflink account:`,
      '',
      link,
      '',
      `It works once, within ${confirmationLifetimeHours} hours. If you did not ask for it, you can ignore this e-mail.`,
      '',
      ...(affiliateDetailsDropped ? [affiliateDetailsNotSaved, ''] : []),
    ].join('\n'),
  };
}

/**
 * E-mails a confirmation link for the signup's pending link. The link is held at least until
 * the confirmation link expires, so following it in time always finds the link. A signed-out
 * signup never changes an existing account's affiliate tokens: its details are dropped, and
 * the mail to the account says so.
 */
export async function signUpToClaim(deps: AppDeps, request: SignupRequest, ip: string) {
  const { db, clock, config, mailer } = deps;
  const email = request.email.toLowerCase();
  const offeredToken = affiliateTokenOf(request);
  const existingAccount = (await findUserByEmail(db, email)) !== undefined;
  const affiliateToken = existingAccount ? {} : offeredToken;
  const affiliateDetailsDropped =
    existingAccount && offeredToken.affiliateProgramGuid !== undefined;
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + confirmationLifetimeHours * 60 * 60 * 1000);
  // One transaction: a signup refused by the mail limits leaves no new unclaimed link behind.
  const { link, token } = await db.transaction(async (tx) => {
    const pendingLink = await pendingLinkFor({ ...deps, db: tx }, request, ip);
    const claimToken = await issueClaimToken(
      tx,
      now,
      { email, ip, expiresAt },
      { linkId: pendingLink.id, ...affiliateToken },
    );
    if (pendingLink.claimExpiresAt && pendingLink.claimExpiresAt < expiresAt) {
      await tx
        .update(links)
        .set({ claimExpiresAt: expiresAt })
        .where(and(eq(links.id, pendingLink.id), isNull(links.ownerId)));
    }
    return { link: pendingLink, token: claimToken };
  });
  await mailer.send(
    confirmationMessage(
      email,
      `${config.appOrigin}/confirm/${token}`,
      shortUrlOf(config.shortLinkOrigin, link.code),
      affiliateDetailsDropped,
    ),
  );
  return { email, pendingLink: { domain: link.domain, code: link.code, url: link.url } };
}

/** Saves the signup's affiliate token for the account the claim has just created. */
async function saveAffiliateToken(db: Database, userId: number, claim: PendingClaim, now: Date) {
  const { affiliateProgramGuid, affiliateParameters } = claim;
  if (!affiliateProgramGuid || !affiliateParameters) return;
  await db
    .insert(affiliateTokens)
    .values({
      userId,
      programGuid: affiliateProgramGuid.toLowerCase(),
      parameters: affiliateParameters,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}

export interface ClaimedLink {
  user: AuthUser;
  link: LinkRow;
  sessionId: string;
  cookie: string;
}

/**
 * Uses a confirmation token up and, in one transaction, signs its address in (creating the
 * account), moves the pending link into the account, saves the affiliate token and starts a
 * session. 404 when the token is used, expired or unknown, or the link is no longer waiting.
 */
export function claimPendingLink(deps: AppDeps, token: string): Promise<ClaimedLink> {
  const now = deps.clock.now();
  return deps.db.transaction(async (db) => {
    const redeemed = await redeemClaimToken(db, token, now);
    if (!redeemed) throw ApiProblem.notFound();
    // An account made since the signup (by a sign-in link) is an existing account too.
    const newAccount = (await findUserByEmail(db, redeemed.email)) === undefined;
    const user = toAuthUser(await recordSignIn(db, redeemed.email, now), deps.config);
    const [link] = await db
      .update(links)
      .set({ ownerId: user.id, claimExpiresAt: null, claimKeyHash: null, updatedAt: now })
      .where(and(eq(links.id, redeemed.claim.linkId), isNull(links.ownerId), isLiveLink(now)))
      .returning();
    if (!link) throw ApiProblem.notFound();
    if (newAccount) await saveAffiliateToken(db, user.id, redeemed.claim, now);
    const { sessionId, cookie } = await startSession({ ...deps, db }, user.id);
    return { user, link, sessionId, cookie };
  });
}
