import { and, eq } from 'drizzle-orm';
import type { components } from '../../api/schema';
import { actingUserOf } from '../auth/request-auth';
import { createId } from '../db/ids';
import { images } from '../db/schema';
import { ApiProblem } from '../http/api-problem';
import type { Handlers } from '../http/handler';

type Image = components['schemas']['Image'];
type ImageRow = typeof images.$inferSelect;

/** Images are served through our own image host, which fetches them from the provider. */
function toImage(row: ImageRow): Image {
  return {
    id: row.id,
    provider: row.provider,
    providerImageId: row.providerImageId,
    url: `https://images.shelflink.app/${row.provider}/${row.providerImageId}.jpg`,
    attributes: row.attributes,
    createdAt: row.createdAt.toISOString(),
  };
}

export const imageHandlers = {
  async createImage({ body }, { db, clock, auth }) {
    const [image] = await db
      .insert(images)
      .values({
        id: createId('img'),
        ownerId: actingUserOf(auth).id,
        provider: body.provider,
        providerImageId: body.providerImageId,
        attributes: body.attributes,
        createdAt: clock.now(),
      })
      .returning();
    if (!image) throw new Error('The image was not stored');
    return { status: 201, body: toImage(image) };
  },

  async getImage({ params }, { db, auth }) {
    const [image] = await db
      .select()
      .from(images)
      .where(and(eq(images.id, params.id), eq(images.ownerId, actingUserOf(auth).id)));
    if (!image) throw ApiProblem.notFound();
    return { status: 200, body: toImage(image) };
  },
} satisfies Handlers;
