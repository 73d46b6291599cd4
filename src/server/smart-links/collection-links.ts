// A collection's page on the short-link host. Its members are read from the database on every
// visit, so an edit shows at once; the last answer for each alias is kept too (bounded), and
// served only while the database is unavailable, the way the link cache serves its expired
// entries, so a collection's page outlives an outage. Its links come from the link cache.
import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { isDatabaseUnavailable } from '../db/unavailable';
import { collectionLinks, collections, images, links } from '../db/schema';
import { hasEnded, type ShortLink } from './link-cache';

/** The image a collection's page shows above its books. */
export type CollectionCoverImage = Pick<
  typeof images.$inferSelect,
  'id' | 'provider' | 'providerImageId' | 'attributes'
>;

export interface CollectionOnShortLinkHost {
  title: string;
  cover: CollectionCoverImage | null;
  /** The collection's live links, in its order. */
  links: ShortLink[];
}

interface CollectionMembers {
  title: string;
  cover: CollectionCoverImage | null;
  codes: string[];
}

/** Aliases whose last answer is kept for an outage, least recently used first. */
const maxRememberedCollections = 10_000;
/**
 * The last answer for each alias, per store. The database is still asked at every visit, since
 * edits to a collection do not reach this memory: it answers only when the database cannot.
 */
const rememberedByDatabase = new WeakMap<Database, Map<string, CollectionMembers>>();

/**
 * The collection at an alias (any letter case) or, for one without an alias, its id, with its
 * links looked up the way a redirect does, so they come from the link cache.
 */
export async function findCollectionLinks(
  db: Database,
  alias: string,
  now: Date,
  lookUp: (code: string) => Promise<ShortLink | null>,
): Promise<CollectionOnShortLinkHost | null> {
  const members = await membersOrRemembered(db, alias, now);
  if (members === null) return null;
  const found = await Promise.all(members.codes.map((code) => lookUp(code)));
  return {
    title: members.title,
    cover: members.cover,
    // A remembered answer may name a link that has ended since.
    links: found.filter(
      (link): link is ShortLink => link !== null && !link.disabled && !hasEnded(link, now),
    ),
  };
}

async function membersOrRemembered(
  db: Database,
  alias: string,
  now: Date,
): Promise<CollectionMembers | null> {
  let remembered = rememberedByDatabase.get(db);
  if (!remembered) {
    remembered = new Map();
    rememberedByDatabase.set(db, remembered);
  }
  let members;
  try {
    members = await loadCollectionMembers(db, alias, now);
  } catch (error) {
    const kept = remembered.get(alias);
    if (!kept || !isDatabaseUnavailable(error)) throw error;
    return kept;
  }
  remembered.delete(alias);
  if (members === null) return null;
  remembered.set(alias, members);
  if (remembered.size > maxRememberedCollections) {
    const oldest = remembered.keys().next();
    if (oldest.done !== true) remembered.delete(oldest.value);
  }
  return members;
}

/** The collection at an alias, with the codes of its links that have not ended by `now`. */
async function loadCollectionMembers(
  db: Database,
  alias: string,
  now: Date,
): Promise<CollectionMembers | null> {
  const [collection] = await db
    .select({
      id: collections.id,
      title: collections.title,
      cover: {
        id: images.id,
        provider: images.provider,
        providerImageId: images.providerImageId,
        attributes: images.attributes,
      },
    })
    .from(collections)
    .leftJoin(images, eq(images.id, collections.imageId))
    .where(
      or(
        eq(collections.aliasCodeLower, alias.toLowerCase()),
        sql`${collections.id} = ${alias} and ${collections.aliasCode} = ''`,
      ),
    )
    .limit(1);
  if (collection === undefined) return null;
  const members = await db
    .select({ code: links.code })
    .from(collectionLinks)
    .innerJoin(links, eq(links.id, collectionLinks.linkId))
    .where(
      and(
        eq(collectionLinks.collectionId, collection.id),
        or(isNull(links.expiresAt), gt(links.expiresAt, now)),
      ),
    )
    .orderBy(asc(collectionLinks.position));
  return {
    title: collection.title,
    cover: collection.cover,
    codes: members.map(({ code }) => code),
  };
}
