import { and, eq } from 'drizzle-orm';
import type { components } from '../../api/schema';
import type { Database } from '../db/database';
import { createId } from '../db/ids';
import { links } from '../db/schema';
import { ApiProblem } from '../http/api-problem';
import {
  generateCode,
  isReservedCode,
  shortLinkDomain,
  shortUrlOf,
  vanityCodeTaken,
} from './codes';
import { describeDestination } from './destination-facts';
import { checkDestination } from './destinations';
import { isLiveLink, purgeExpiredUnclaimedLinks } from './unclaimed';

export type LinkRow = typeof links.$inferSelect;
type Link = components['schemas']['Link'];
type CreateLinkRequest = components['schemas']['CreateLinkRequest'];
type LinkDisabled = components['schemas']['LinkDisabled'];

const disabledMessages: Record<LinkDisabled['reason'], string> = {
  reportUpheld:
    "Disabled after a reader's report about it was upheld. Readers see a page saying the link no longer works.",
  destinationInvalid:
    'Disabled because its stored address is not one a reader can be sent to. Change its destination to turn it back on.',
};

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

export function toLinkReply(link: LinkRow, shortLinkOrigin: string): Link {
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
    affiliatePrograms: link.affiliatePrograms,
    parameterKeyValues: link.parameterKeyValues,
    localise: link.localise,
    allStores: link.allStores,
    clickCount: link.clickCount,
    createdAt: link.createdAt.toISOString(),
    disabled: disabledState(link),
  };
}

/** A domain and code, whatever the code's letter case: the links table's unique key. */
export function atDomainAndCode(domain: string, code: string) {
  return and(eq(links.domain, domain), eq(links.codeLower, code.toLowerCase()));
}

/** The link at a domain and code, unless it is an expired unclaimed one. */
export async function findLiveLink(
  db: Database,
  domain: string,
  code: string,
  now: Date,
): Promise<LinkRow | undefined> {
  const [link] = await db
    .select()
    .from(links)
    .where(and(atDomainAndCode(domain, code), isLiveLink(now)));
  return link;
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
    .where(and(atDomainAndCode(domain, code), eq(links.ownerId, ownerId)));
  if (!link) throw ApiProblem.notFound();
  return link;
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
  if (allStores && book === undefined) {
    throw ApiProblem.invalid([
      {
        fieldName: 'AllStores',
        errorCode: 'IsbnUnknown',
        message: 'A page with every store needs a book we know by its ISBN. Start from the ISBN.',
      },
    ]);
  }
  const values = {
    ...holder,
    ...book,
    domain: shortLinkDomain,
    url: destination.href,
    parameterKeyValues: request.parameterKeyValues ?? {},
    affiliatePrograms: request.affiliatePrograms ?? [],
    localise: request.localise ?? true,
    allStores,
    retailer,
    storefront,
    createdAt: now,
    updatedAt: now,
  };
  await purgeExpiredUnclaimedLinks(db, now);
  const insertAt = async (code: string) => {
    const [link] = await db
      .insert(links)
      .values({ ...values, id: createId('lnk'), code, baseCode: code })
      .onConflictDoNothing({ target: [links.domain, links.codeLower] })
      .returning();
    return link;
  };
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
 * Points a link at a new destination. One the catalogue does not know keeps the book shown. A
 * link disabled only because its stored address was invalid works again.
 */
export async function changeDestination(
  db: Database,
  link: LinkRow,
  url: string,
  now: Date,
): Promise<LinkRow> {
  const destination = checkDestination(url);
  const { retailer, storefront, book } = describeDestination(destination);
  const [changed] = await db
    .update(links)
    .set({
      ...book,
      url: destination.href,
      retailer,
      storefront,
      updatedAt: now,
      ...(link.disabledReason === 'destinationInvalid'
        ? { disabledAt: null, disabledReason: null }
        : {}),
    })
    .where(eq(links.id, link.id))
    .returning();
  if (!changed) throw ApiProblem.notFound();
  return changed;
}
