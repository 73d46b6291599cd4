import { and, desc, eq, gt, isNotNull, isNull, ne, not, or, type SQL } from 'drizzle-orm';
import type { components } from '../../api/schema';
import {
  checkParameterKeyValues,
  programsOffOf,
  taggingPrograms,
} from '../affiliate/link-programs';
import type { Database } from '../db/database';
import { createId } from '../db/ids';
import { collectionLinks, links } from '../db/schema';
import { ApiProblem } from '../http/api-problem';
import type { SavedAffiliateToken } from '../smart-links/affiliate-tags';
import {
  generateCode,
  isReservedCode,
  shortLinkDomain,
  shortUrlOf,
  vanityCodeTaken,
} from './codes';
import { describeDestination } from './destination-facts';
import { checkDestination, readDestination } from './destinations';
import { isLiveLink, purgeExpiredUnclaimedLinks } from './unclaimed';

export type LinkRow = typeof links.$inferSelect;
type Link = components['schemas']['Link'];
type CreateLinkRequest = components['schemas']['CreateLinkRequest'];
type UpdateLinkRequest = components['schemas']['UpdateLinkRequest'];
type LinkDisabled = components['schemas']['LinkDisabled'];
type LinkExpiryRequest = components['schemas']['LinkExpiryRequest'];

const disabledMessages: Record<LinkDisabled['reason'], string> = {
  reportUpheld:
    "Disabled after a reader's report about it was upheld. Change its destination to the right page to turn it back on.",
  destinationInvalid:
    'Disabled because its stored address is not one a reader can be sent to. Change its destination to turn it back on.',
  abuse:
    'Disabled because we found it was used to mislead or harm readers. Contact support to have it looked at again.',
};

/** The reasons an author lifts by giving the link a new destination; abuse only an administrator lifts. */
const liftedByNewDestination = new Set<LinkDisabled['reason']>([
  'reportUpheld',
  'destinationInvalid',
]);

/** How long a deleted link's code stays reserved for its owner. */
export const deletedCodeHoldMs = 30 * 24 * 60 * 60 * 1000;

function disabledState(link: LinkRow): LinkDisabled | null {
  if (link.disabledAt === null) return null;
  const reason = link.disabledReason ?? 'reportUpheld';
  return { at: link.disabledAt.toISOString(), reason, message: disabledMessages[reason] };
}

/** Who holds a new link: its owner, or nobody until the claim expires or the key's holder claims it. */
export type LinkHolder =
  { ownerId: number } | { ownerId: null; claimExpiresAt: Date; claimKeyHash: string };

/** Among 27 billion codes a collision is rare; several in a row mean something else is wrong. */
const generatedCodeAttempts = 5;

/** The link as the contract gives it; `tokens` are its owner's, which decide the programs that tag it. */
export function toLinkReply(
  link: LinkRow,
  shortLinkOrigin: string,
  tokens: readonly SavedAffiliateToken[],
): Link {
  return {
    id: link.id,
    domain: link.domain,
    code: link.code,
    baseCode: link.baseCode,
    shortUrl: shortUrlOf(shortLinkOrigin, link.code),
    url: link.url,
    title: link.title,
    author: link.author,
    coverImageUrl: link.coverImageUrl,
    isbn: link.isbn,
    retailer: link.retailer,
    storefront: link.storefront,
    affiliatePrograms: taggingPrograms(link, tokens),
    programsOff: link.programsOff,
    parameterKeyValues: link.parameterKeyValues,
    localise: link.localise,
    allStores: link.allStores,
    clickCount: link.clickCount,
    createdAt: link.createdAt.toISOString(),
    disabled: disabledState(link),
    archived: link.archived,
    expiry: link.expiresAt && {
      at: link.expiresAt.toISOString(),
      fallbackUrl: link.expiryFallbackUrl,
    },
  };
}

/**
 * The link holding a domain and code, whatever the code's letter case: the links table's unique
 * key. A deleted link holds its code until a new link takes it.
 */
export function atDomainAndCode(domain: string, code: string) {
  return and(
    eq(links.domain, domain),
    eq(links.codeLower, code.toLowerCase()),
    isNull(links.codeReleasedAt),
  );
}

/** The link at a domain and code, unless it is deleted or an expired unclaimed one. */
export async function findLiveLink(
  db: Database,
  domain: string,
  code: string,
  now: Date,
): Promise<LinkRow | undefined> {
  const [link] = await db
    .select()
    .from(links)
    .where(and(atDomainAndCode(domain, code), isNull(links.deletedAt), isLiveLink(now)));
  return link;
}

/**
 * A deleted link whose code is still reserved for its owner: deleted within 30 days, by someone
 * other than `userId`. Its owner, and after 30 days anyone, may give the code to a new link.
 */
function reservedAfterDeletion(now: Date, userId: number | null): SQL {
  return and(
    isNotNull(links.deletedAt),
    gt(links.deletedAt, new Date(now.getTime() - deletedCodeHoldMs)),
    userId === null ? undefined : or(isNull(links.ownerId), ne(links.ownerId, userId)),
  ) as SQL;
}

/** Whether a code is taken for `userId` (null: a signed-out visitor): by a live link, or reserved after a deletion. */
export async function isCodeTaken(
  db: Database,
  domain: string,
  code: string,
  now: Date,
  userId: number | null,
): Promise<boolean> {
  const holders = await db.$count(
    links,
    and(
      atDomainAndCode(domain, code),
      or(and(isNull(links.deletedAt), isLiveLink(now)), reservedAfterDeletion(now, userId)),
    ),
  );
  return holders > 0;
}

/** The owner's link at a domain and code; someone else's is not found, so its existence stays hidden. */
export async function findOwnedLink(
  db: Database,
  ownerId: number,
  domain: string,
  code: string,
): Promise<LinkRow> {
  const [link] = await db
    .select()
    .from(links)
    .where(and(atDomainAndCode(domain, code), eq(links.ownerId, ownerId), isNull(links.deletedAt)));
  if (!link) throw ApiProblem.notFound();
  return link;
}

/**
 * Up to 5 of the owner's links, newest first, to the same destination (as browsers read it) in the
 * same store mode.
 */
export async function findMatchingLinks(
  db: Database,
  ownerId: number,
  url: string,
  allStores: boolean,
): Promise<LinkRow[]> {
  const destination = readDestination(url);
  if (typeof destination === 'string') {
    throw ApiProblem.invalid([{ fieldName: 'Url', errorCode: 'InvalidUrl', message: destination }]);
  }
  return db
    .select()
    .from(links)
    .where(
      and(
        eq(links.ownerId, ownerId),
        isNull(links.deletedAt),
        eq(links.url, destination.href),
        eq(links.allStores, allStores),
      ),
    )
    .orderBy(desc(links.createdAt), desc(links.id))
    .limit(5);
}

/**
 * Deletes the owner's link, keeping its row for its clicks and its code reserved (see
 * `reservedAfterDeletion`); it leaves every collection it was in.
 */
export function deleteOwnedLink(
  db: Database,
  ownerId: number,
  domain: string,
  code: string,
  now: Date,
): Promise<LinkRow> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .update(links)
      .set({ deletedAt: now, updatedAt: now })
      .where(
        and(atDomainAndCode(domain, code), eq(links.ownerId, ownerId), isNull(links.deletedAt)),
      )
      .returning();
    if (!deleted) throw ApiProblem.notFound();
    await tx.delete(collectionLinks).where(eq(collectionLinks.linkId, deleted.id));
    return deleted;
  });
}

/** An expiry as stored; `at` must be in the future and the fallback a valid destination. */
function checkExpiry(
  expiry: LinkExpiryRequest,
  now: Date,
): { expiresAt: Date | null; expiryFallbackUrl: string | null } {
  if (expiry === null) return { expiresAt: null, expiryFallbackUrl: null };
  const expiresAt = new Date(expiry.at);
  if (expiresAt <= now) {
    throw ApiProblem.invalid([
      {
        fieldName: 'Expiry.At',
        errorCode: 'NotInFuture',
        message: 'Choose a time in the future for the link to end.',
      },
    ]);
  }
  const fallback = expiry.fallbackUrl && checkDestination(expiry.fallbackUrl, 'Expiry.FallbackUrl');
  return { expiresAt, expiryFallbackUrl: fallback ? fallback.href : null };
}

function allStoresNeedsBook(): ApiProblem {
  return ApiProblem.invalid([
    {
      fieldName: 'AllStores',
      errorCode: 'IsbnUnknown',
      message: 'A page with every store needs a book we know by its ISBN. Start from the ISBN.',
    },
  ]);
}

/**
 * Creates a link on the short-link domain, at the vanity code asked for or a generated one,
 * with what the destination says about the book. A code is taken (409) when a live link has it
 * in any letter case; reserved words count as taken.
 */
export async function createLinkRecord(
  db: Database,
  now: Date,
  request: CreateLinkRequest,
  holder: LinkHolder,
): Promise<LinkRow> {
  const destination = checkDestination(request.url);
  const vanityCode = request.code ?? '';
  if (isReservedCode(vanityCode)) throw vanityCodeTaken();
  const { retailer, storefront, book } = describeDestination(destination);
  const allStores = request.allStores ?? false;
  if (allStores && book === undefined) throw allStoresNeedsBook();
  checkParameterKeyValues(request.parameterKeyValues ?? {});
  const values = {
    ...holder,
    ...book,
    domain: shortLinkDomain,
    url: destination.href,
    parameterKeyValues: request.parameterKeyValues ?? {},
    programsOff: programsOffOf(request) ?? [],
    localise: request.localise ?? true,
    allStores,
    retailer,
    storefront,
    ...(request.expiry === undefined ? {} : checkExpiry(request.expiry, now)),
    createdAt: now,
    updatedAt: now,
  };
  await purgeExpiredUnclaimedLinks(db, now);
  // A deleted link gives its code up in the same transaction as the insert that takes it: the
  // row lock makes a concurrent deletion or a second taker wait and see the code held.
  const insertAt = (code: string) =>
    db.transaction(async (tx) => {
      await tx
        .update(links)
        .set({ codeReleasedAt: now })
        .where(
          and(
            atDomainAndCode(shortLinkDomain, code),
            isNotNull(links.deletedAt),
            not(reservedAfterDeletion(now, holder.ownerId)),
          ),
        );
      const [link] = await tx
        .insert(links)
        .values({ ...values, id: createId('lnk'), code, baseCode: code })
        .onConflictDoNothing({
          target: [links.domain, links.codeLower],
          where: isNull(links.codeReleasedAt),
        })
        .returning();
      return link;
    });
  if (vanityCode !== '') {
    const link = await insertAt(vanityCode);
    if (!link) throw vanityCodeTaken();
    return link;
  }
  for (let attempt = 0; attempt < generatedCodeAttempts; attempt++) {
    const link = await insertAt(generateCode());
    if (link) return link;
  }
  throw new Error(`No free code on ${shortLinkDomain} after ${generatedCodeAttempts} attempts`);
}

/**
 * Changes the owner's link: its destination and any field the request names, checked as creation
 * checks them. A new destination the catalogue does not know keeps the book shown. A link disabled after an
 * upheld report or for an invalid stored address works again once it leads somewhere new; one
 * disabled for abuse stays off.
 */
export async function changeLink(
  db: Database,
  link: LinkRow,
  request: UpdateLinkRequest,
  now: Date,
): Promise<LinkRow> {
  const destination = checkDestination(request.url);
  const { retailer, storefront, book } = describeDestination(destination);
  const allStores = request.allStores ?? link.allStores;
  if (allStores && book === undefined) throw allStoresNeedsBook();
  checkParameterKeyValues(request.parameterKeyValues ?? {});
  const newDestination = destination.href !== link.url;
  const lifted =
    newDestination &&
    link.disabledReason !== null &&
    liftedByNewDestination.has(link.disabledReason);
  const [changed] = await db
    .update(links)
    .set({
      // The catalogue's book replaces what the author set only when the destination changes.
      ...(newDestination ? book : {}),
      url: destination.href,
      retailer,
      storefront,
      allStores,
      ...definedOf({
        localise: request.localise,
        parameterKeyValues: request.parameterKeyValues,
        title: request.title,
        author: request.author,
        coverImageUrl: request.coverImageUrl,
        archived: request.archived,
        programsOff: programsOffOf(request),
      }),
      ...(request.expiry === undefined ? {} : checkExpiry(request.expiry, now)),
      ...(lifted ? { disabledAt: null, disabledReason: null } : {}),
      updatedAt: now,
    })
    .where(and(eq(links.id, link.id), isNull(links.deletedAt)))
    .returning();
  if (!changed) throw ApiProblem.notFound();
  return changed;
}

/** The entries of `values` that are not undefined: the fields a request names. */
function definedOf<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}
