import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database';
import { images, links } from '../db/schema';
import { ApiProblem, type FieldError } from '../http/api-problem';

/**
 * Refuses, with field errors, links or a cover image that are not the owner's. Someone else's
 * read the same as missing ones, so a collection cannot probe for other authors' ids.
 */
export async function assertOwnedReferences(
  db: Database,
  ownerId: number,
  { linkIds, imageId }: { linkIds: string[]; imageId?: string | undefined },
): Promise<void> {
  const fieldErrors: FieldError[] = [];
  if (linkIds.length > 0) {
    const owned = await db.$count(
      links,
      and(eq(links.ownerId, ownerId), inArray(links.id, linkIds)),
    );
    if (owned < linkIds.length) {
      fieldErrors.push({
        fieldName: 'LinkIds',
        errorCode: 'UnknownLink',
        message: 'Some of these links are not among your links.',
      });
    }
  }
  if (imageId !== undefined) {
    const owned = await db.$count(images, and(eq(images.ownerId, ownerId), eq(images.id, imageId)));
    if (owned === 0) {
      fieldErrors.push({
        fieldName: 'ImageId',
        errorCode: 'UnknownImage',
        message: 'This image is not among your images.',
      });
    }
  }
  if (fieldErrors.length > 0) throw ApiProblem.invalid(fieldErrors);
}
