import { and, eq, isNotNull } from 'drizzle-orm';
import type { components } from '../../api/schema';
import { actingUserOf } from '../auth/request-auth';
import type { Config } from '../config';
import { createId } from '../db/ids';
import { images } from '../db/schema';
import { ApiProblem } from '../http/api-problem';
import type { Handlers } from '../http/handler';
import { isUploadMediaType, toCoverFile, type CoverRefusal } from './cover-files';
import { imageUrlOf } from './image-urls';

type Image = components['schemas']['Image'];

/** An image's row without its file, which only `getImageFile` reads. */
const imageColumns = {
  id: images.id,
  provider: images.provider,
  providerImageId: images.providerImageId,
  attributes: images.attributes,
  createdAt: images.createdAt,
};

type ImageRow = { [Column in keyof typeof imageColumns]: (typeof images.$inferSelect)[Column] };

function toImage(row: ImageRow, config: Config): Image {
  return {
    id: row.id,
    provider: row.provider,
    providerImageId: row.providerImageId,
    url: imageUrlOf(row, config.appOrigin),
    attributes: row.attributes,
    createdAt: row.createdAt.toISOString(),
  };
}

const refusalMessages: Record<CoverRefusal, string> = {
  notAnImage: 'This file could not be read as an image. Choose a PNG, JPEG or WebP image.',
  otherType: 'This file is not the type it was sent as. Choose a PNG, JPEG or WebP image.',
  tooManyPixels: 'This image has too many pixels (over 50 megapixels). Choose a smaller image.',
};

/** An image's file never changes, so its id is its entity tag. */
const etagOf = (id: string) => `"${id}"`;
const immutable = 'public, max-age=31536000, immutable';

export const imageHandlers = {
  async createImage({ body }, { db, clock, auth, config }) {
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
      .returning(imageColumns);
    if (!image) throw new Error('The image was not stored');
    return { status: 201, body: toImage(image, config) };
  },

  async uploadImage({ body, query, headers }, { db, clock, auth, config }) {
    // The contract cannot declare Content-Type as a parameter; the body parser admitted only these.
    const declaredType = (headers as { 'content-type'?: string })['content-type'] ?? '';
    const mediaType = declaredType.split(';')[0]?.trim().toLowerCase() ?? '';
    if (!isUploadMediaType(mediaType)) throw ApiProblem.unsupportedMediaType();
    const cover = await toCoverFile(body, mediaType);
    if (typeof cover === 'string') {
      const message = refusalMessages[cover];
      throw ApiProblem.invalid(
        [{ fieldName: 'File', errorCode: 'InvalidImage', message }],
        message,
      );
    }
    const id = createId('img');
    const [image] = await db
      .insert(images)
      .values({
        id,
        ownerId: actingUserOf(auth).id,
        provider: 'upload',
        providerImageId: id,
        attributes: { alt: query.alt ?? '', width: cover.width, height: cover.height },
        file: cover.webp,
        createdAt: clock.now(),
      })
      .returning(imageColumns);
    if (!image) throw new Error('The image was not stored');
    return { status: 201, body: toImage(image, config) };
  },

  async getImage({ params }, { db, auth, config }) {
    const [image] = await db
      .select(imageColumns)
      .from(images)
      .where(and(eq(images.id, params.id), eq(images.ownerId, actingUserOf(auth).id)));
    if (!image) throw ApiProblem.notFound();
    return { status: 200, body: toImage(image, config) };
  },

  async getImageFile({ params, headers }, { db }) {
    const etag = etagOf(params.id);
    const uploaded = and(eq(images.id, params.id), isNotNull(images.file));
    if (headers['if-none-match']?.split(',').some((tag) => tag.trim() === etag)) {
      if ((await db.$count(images, uploaded)) === 0) throw ApiProblem.notFound();
      return { status: 304, headers: { 'Cache-Control': immutable, ETag: etag } };
    }
    const [image] = await db.select({ file: images.file }).from(images).where(uploaded);
    if (!image?.file) throw ApiProblem.notFound();
    return {
      status: 200,
      headers: {
        'Cache-Control': immutable,
        ETag: etag,
        'X-Content-Type-Options': 'nosniff',
        // Shown on the short-link host's pages, another origin than the app's.
        'Cross-Origin-Resource-Policy': 'cross-origin',
      },
      body: Buffer.from(image.file.buffer, image.file.byteOffset, image.file.byteLength),
    };
  },
} satisfies Handlers;
