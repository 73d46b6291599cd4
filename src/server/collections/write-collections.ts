import { and, eq, ne } from 'drizzle-orm';
import type { components } from '../../api/schema';
import type { Database } from '../db/database';
import { createId } from '../db/ids';
import { collectionLinks, collections } from '../db/schema';
import { ApiProblem } from '../http/api-problem';
import { assertOwnedReferences } from './owned-references';
import { findCollection, type Collection } from './read-collections';

type CreateCollectionRequest = components['schemas']['CreateCollectionRequest'];
type UpdateCollectionRequest = components['schemas']['UpdateCollectionRequest'];

const aliasTakenMessage = 'Sorry, that url is already taken. Please try another one.';

function aliasCodeTaken(): ApiProblem {
  return new ApiProblem(409, 'VanityCodeTaken', aliasTakenMessage, [
    { fieldName: 'AliasCode', errorCode: 'VanityCodeTaken', message: aliasTakenMessage },
  ]);
}

/** The collection's links, in the given order. */
async function replaceLinks(db: Database, collectionId: string, linkIds: string[]): Promise<void> {
  await db.delete(collectionLinks).where(eq(collectionLinks.collectionId, collectionId));
  if (linkIds.length === 0) return;
  await db
    .insert(collectionLinks)
    .values(linkIds.map((linkId, position) => ({ collectionId, linkId, position })));
}

async function reread(db: Database, ownerId: number, id: string): Promise<Collection> {
  const collection = await findCollection(db, ownerId, id);
  if (!collection) throw new Error(`Collection ${id} is gone after writing it`);
  return collection;
}

/** A new collection; its alias code, when given, must be free among all collections in any case. */
export function createCollection(
  db: Database,
  ownerId: number,
  request: CreateCollectionRequest,
  now: Date,
): Promise<Collection> {
  return db.transaction(async (tx) => {
    await assertOwnedReferences(tx, ownerId, request);
    // The partial unique index on the lower-cased alias is the check: no race between two authors.
    const [created] = await tx
      .insert(collections)
      .values({
        id: createId('col'),
        ownerId,
        title: request.title,
        aliasCode: request.aliasCode,
        imageId: request.imageId,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: collections.id });
    if (!created) throw aliasCodeTaken();
    await replaceLinks(tx, created.id, request.linkIds);
    return reread(tx, ownerId, created.id);
  });
}

/**
 * Replaces the title and links of the owner's collection; the image stays unless another is
 * given, and so does the alias unless another is given and free. Undefined when the owner has no
 * such collection.
 */
export async function updateCollection(
  db: Database,
  ownerId: number,
  id: string,
  request: UpdateCollectionRequest,
  now: Date,
): Promise<Collection | undefined> {
  try {
    return await db.transaction(async (tx) => {
      const owned = and(eq(collections.id, id), eq(collections.ownerId, ownerId));
      const [current] = await tx
        .select({ aliasCode: collections.aliasCode })
        .from(collections)
        .where(owned);
      if (!current) return undefined;
      const { aliasCode } = request;
      if (aliasCode !== undefined && (await isAliasTakenByAnother(tx, id, aliasCode))) {
        throw aliasCodeTaken();
      }
      // Before the write: an unknown image would otherwise break the cover's foreign key.
      await assertOwnedReferences(tx, ownerId, request);
      await tx
        .update(collections)
        .set({ title: request.title, imageId: request.imageId, aliasCode, updatedAt: now })
        .where(owned);
      await replaceLinks(tx, id, request.linkIds);
      return reread(tx, ownerId, id);
    });
  } catch (error) {
    // Another collection took the alias between the check and the write.
    if (isUniqueViolation(error)) throw aliasCodeTaken();
    throw error;
  }
}

async function isAliasTakenByAnother(db: Database, id: string, aliasCode: string) {
  if (aliasCode === '') return false;
  const holders = await db.$count(
    collections,
    and(eq(collections.aliasCodeLower, aliasCode.toLowerCase()), ne(collections.id, id)),
  );
  return holders > 0;
}

/** PostgreSQL's unique_violation, as PGlite and node-postgres report it, wrapped by Drizzle or not. */
function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Deletes the owner's collection (its links stay); false when the owner has no such collection. */
export async function deleteCollection(
  db: Database,
  ownerId: number,
  id: string,
): Promise<boolean> {
  const deleted = await db
    .delete(collections)
    .where(and(eq(collections.id, id), eq(collections.ownerId, ownerId)))
    .returning({ id: collections.id });
  return deleted.length > 0;
}
