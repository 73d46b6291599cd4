import { and, desc, eq, inArray } from 'drizzle-orm';
import type { components } from '../../api/schema';
import type { Database } from '../db/database';
import { collectionLinks, collections } from '../db/schema';

/** A collection as stored; its short URL depends on where the short-link host is published. */
export type Collection = Omit<components['schemas']['Collection'], 'shortUrl'>;
type CollectionListReply = components['schemas']['CollectionListReply'];
type CollectionRow = typeof collections.$inferSelect;

/** Each collection's link ids, in the order the author gave them. */
async function linkIdsOf(db: Database, collectionIds: string[]): Promise<Map<string, string[]>> {
  const linkIds = new Map(collectionIds.map((id) => [id, [] as string[]]));
  if (collectionIds.length === 0) return linkIds;
  const rows = await db
    .select({ collectionId: collectionLinks.collectionId, linkId: collectionLinks.linkId })
    .from(collectionLinks)
    .where(inArray(collectionLinks.collectionId, collectionIds))
    .orderBy(collectionLinks.position);
  for (const { collectionId, linkId } of rows) linkIds.get(collectionId)?.push(linkId);
  return linkIds;
}

async function withLinkIds(db: Database, rows: CollectionRow[]): Promise<Collection[]> {
  const linkIds = await linkIdsOf(
    db,
    rows.map(({ id }) => id),
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    linkIds: linkIds.get(row.id) ?? [],
    aliasCode: row.aliasCode,
    imageId: row.imageId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** One page of the owner's collections, newest first, optionally only those named by `ids`. */
export async function listCollectionPage(
  db: Database,
  ownerId: number,
  page: { offset: number; limit: number; ids?: string[] },
): Promise<Omit<CollectionListReply, 'results'> & { results: Collection[] }> {
  const owned = and(
    eq(collections.ownerId, ownerId),
    page.ids && inArray(collections.id, page.ids),
  );
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(collections)
      .where(owned)
      .orderBy(desc(collections.createdAt), desc(collections.id))
      .offset(page.offset)
      .limit(page.limit),
    db.$count(collections, owned),
  ]);
  return {
    results: await withLinkIds(db, rows),
    page: { offset: page.offset, limit: page.limit, total },
  };
}

/** The owner's collection with that id; undefined for anyone else's, so it reads as not found. */
export async function findCollection(
  db: Database,
  ownerId: number,
  id: string,
): Promise<Collection | undefined> {
  const rows = await db
    .select()
    .from(collections)
    .where(and(eq(collections.id, id), eq(collections.ownerId, ownerId)));
  const [collection] = await withLinkIds(db, rows);
  return collection;
}
