// A collection's page on the short-link host. Its members are read from the database on every
// visit, so an edit shows at once; the last answer for each alias is kept too (bounded), and
// served only while the database is unavailable, the way the link cache serves its expired
// entries, so a collection's page outlives an outage. Its links come from the link cache.
import { asc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { isDatabaseUnavailable } from '../db/unavailable';
import { collectionLinks, collections, links } from '../db/schema';
import type { ShortLink } from './link-cache';

export interface CollectionOnShortLinkHost {
  title: string;
  /** The collection's live links, in its order. */
  links: ShortLink[];
}

interface CollectionMembers {
  title: string;
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
  lookUp: (code: string) => Promise<ShortLink | null>,
): Promise<CollectionOnShortLinkHost | null> {
  const members = await membersOrRemembered(db, alias);
  if (members === null) return null;
  const found = await Promise.all(members.codes.map((code) => lookUp(code)));
  return {
    title: members.title,
    links: found.filter((link): link is ShortLink => link !== null && !link.disabled),
  };
}

async function membersOrRemembered(db: Database, alias: string): Promise<CollectionMembers | null> {
  let remembered = rememberedByDatabase.get(db);
  if (!remembered) {
    remembered = new Map();
    rememberedByDatabase.set(db, remembered);
  }
  let members;
  try {
    members = await loadCollectionMembers(db, alias);
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

async function loadCollectionMembers(
  db: Database,
  alias: string,
): Promise<CollectionMembers | null> {
  const [collection] = await db
    .select({ id: collections.id, title: collections.title })
    .from(collections)
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
    .where(eq(collectionLinks.collectionId, collection.id))
    .orderBy(asc(collectionLinks.position));
  return { title: collection.title, codes: members.map(({ code }) => code) };
}
