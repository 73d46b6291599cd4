import { asc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { collectionLinks, collections, links } from '../db/schema';
import type { ShortLink } from './link-cache';

export interface CollectionOnShortLinkHost {
  title: string;
  /** The collection's live links, in its order. */
  links: ShortLink[];
}

/**
 * The collection at an alias (any letter case) or, for one without an alias, its id, with its
 * links looked up the way a redirect does, so they come from the link cache.
 */
export async function findCollectionLinks(
  db: Database,
  alias: string,
  lookUp: (code: string) => Promise<ShortLink | null>,
): Promise<CollectionOnShortLinkHost | null> {
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
  const found = await Promise.all(members.map(({ code }) => lookUp(code)));
  return {
    title: collection.title,
    links: found.filter((link): link is ShortLink => link !== null && !link.disabled),
  };
}
