import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { sessionCookieOf, setUpTestApp, signIn } from './support/test-app';

const testApp = setUpTestApp();

async function cookieFor(email: string) {
  return sessionCookieOf(await signIn(testApp(), email));
}

/** A picture with some detail, so that each format encodes real image data. */
function picture(width: number, height: number) {
  return sharp({
    create: { width, height, channels: 3, background: { r: 11, g: 114, b: 133 } },
  }).composite([
    {
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#f08c00"/></svg>`,
      ),
    },
  ]);
}

function upload(
  cookie: string | undefined,
  contentType: string,
  payload: Buffer | string,
  alt = '',
) {
  return testApp().app.inject({
    method: 'POST',
    url: `/v2/images/uploads${alt === '' ? '' : `?alt=${encodeURIComponent(alt)}`}`,
    headers: { ...(cookie === undefined ? {} : { cookie }), 'content-type': contentType },
    payload,
  });
}

function fileOf(id: string, headers: Record<string, string> = {}) {
  return testApp().app.inject({ url: `/v2/images/${id}/file`, headers });
}

interface UploadedImage {
  id: string;
  provider: string;
  providerImageId: string;
  url: string;
  attributes: { alt: string; width: number; height: number };
}

/** A PNG whose header claims `width` × `height` pixels, though its data holds almost nothing. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('uploading a cover', () => {
  test('stores a large PNG scaled to fit 1200 pixels as WebP, served from the app origin', async () => {
    const cookie = await cookieFor('maya.okafor@example.com');
    const png = await picture(3000, 2000).png().toBuffer();

    const reply = await upload(cookie, 'image/png', png, 'The Orchard Trilogy box set');

    expect(reply.statusCode).toBe(201);
    const image = reply.json<UploadedImage>();
    expect(image).toEqual({
      id: expect.stringMatching(/^img_/) as string,
      provider: 'upload',
      providerImageId: image.id,
      url: `https://app.shelflink.test/api/v2/images/${image.id}/file`,
      attributes: { alt: 'The Orchard Trilogy box set', width: 1200, height: 800 },
      createdAt: '2026-11-21T09:00:00.000Z',
    });
    const served = await fileOf(image.id);
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 1200,
      height: 800,
    });
  });

  test('accepts JPEG and WebP, and never enlarges a small image', async () => {
    const cookie = await cookieFor('maya.okafor@example.com');
    const jpeg = await picture(600, 900).jpeg().toBuffer();
    const webp = await picture(300, 200).webp().toBuffer();

    const replies = [
      await upload(cookie, 'image/jpeg', jpeg),
      await upload(cookie, 'image/webp', webp),
    ];

    expect(replies.map((reply) => reply.statusCode)).toEqual([201, 201]);
    expect(replies.map((reply) => reply.json<UploadedImage>().attributes)).toEqual([
      { alt: '', width: 600, height: 900 },
      { alt: '', width: 300, height: 200 },
    ]);
  });

  test('strips the photo’s EXIF and GPS metadata', async () => {
    const cookie = await cookieFor('maya.okafor@example.com');
    const jpeg = await picture(800, 1200)
      .withExif({
        IFD0: { Copyright: 'Maya Okafor', Software: 'Camera 1.0' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
      })
      .jpeg()
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const reply = await upload(cookie, 'image/jpeg', jpeg);

    const served = await fileOf(reply.json<UploadedImage>().id);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(served.rawPayload.includes('Maya Okafor')).toBe(false);
  });

  test('refuses a file over 5 MB with 413 at the file', async () => {
    const cookie = await cookieFor('maya.okafor@example.com');

    const reply = await upload(cookie, 'image/png', Buffer.alloc(6 * 1024 * 1024, 1));

    expect(reply.statusCode).toBe(413);
    expect(reply.json()).toMatchObject({
      responseStatus: {
        errorCode: 'PayloadTooLarge',
        errors: [{ fieldName: 'File', errorCode: 'PayloadTooLarge' }],
      },
    });
  });

  test('refuses another type with 415, and image bodies sent to any other operation', async () => {
    const cookie = await cookieFor('maya.okafor@example.com');
    const png = await picture(20, 20).png().toBuffer();

    const replies = [
      await upload(cookie, 'text/plain', 'not an image'),
      await upload(cookie, 'image/gif', png),
      await testApp().app.inject({
        method: 'POST',
        url: '/v2/images',
        headers: { cookie, 'content-type': 'image/png' },
        payload: png,
      }),
    ];

    expect(replies.map((reply) => reply.statusCode)).toEqual([415, 415, 415]);
    expect(replies[0]?.json()).toMatchObject({
      responseStatus: {
        errorCode: 'UnsupportedMediaType',
        errors: [{ fieldName: 'File', errorCode: 'UnsupportedMediaType' }],
      },
    });
  });

  test('refuses bytes that are not an image of the declared type with 400 at the file', async () => {
    const cookie = await cookieFor('maya.okafor@example.com');
    const png = await picture(20, 20).png().toBuffer();

    const replies = [
      await upload(cookie, 'image/png', Buffer.from('GIF89a, or rather nothing at all')),
      await upload(cookie, 'image/jpeg', png),
      await upload(cookie, 'image/webp', Buffer.alloc(0)),
    ];

    for (const reply of replies) {
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({
        responseStatus: { errors: [{ fieldName: 'File', errorCode: 'InvalidImage' }] },
      });
    }
  });

  test('refuses a small file that claims a vast image (a decompression bomb)', async () => {
    const cookie = await cookieFor('maya.okafor@example.com');
    const bomb = pngClaiming(20_000, 20_000);
    expect(bomb.length).toBeLessThan(100_000);

    const reply = await upload(cookie, 'image/png', bomb);

    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      responseStatus: {
        errors: [{ fieldName: 'File', errorCode: 'InvalidImage' }],
      },
    });
  });

  test('needs a session', async () => {
    const png = await picture(20, 20).png().toBuffer();

    const reply = await upload(undefined, 'image/png', png);

    expect(reply.statusCode).toBe(401);
  });
});

describe('an uploaded cover’s file', () => {
  test('is public WebP, cached for a year, with an entity tag that answers 304', async () => {
    const cookie = await cookieFor('maya.okafor@example.com');
    const uploaded = await upload(cookie, 'image/png', await picture(40, 60).png().toBuffer());
    const { id } = uploaded.json<UploadedImage>();

    const served = await fileOf(id);

    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      etag: `"${id}"`,
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'cross-origin',
    });
    expect(served.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
    const revalidated = await fileOf(id, { 'if-none-match': `"${id}"` });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
  });

  test('is not found for an unknown id nor for an image another service hosts', async () => {
    const cookie = await cookieFor('maya.okafor@example.com');
    const hosted = await testApp().app.inject({
      method: 'POST',
      url: '/v2/images',
      headers: { cookie },
      payload: { providerImageId: 'shelflink/covers/box', attributes: { alt: 'Box' } },
    });
    const { id } = hosted.json<{ id: string }>();

    const replies = [
      await fileOf(id),
      await fileOf('img_missing'),
      await fileOf(id, { 'if-none-match': `"${id}"` }),
    ];

    expect(replies.map((reply) => reply.statusCode)).toEqual([404, 404, 404]);
    expect(replies[0]?.json()).toMatchObject({ responseStatus: { errorCode: 'NotFound' } });
  });
});

describe('an uploaded cover on a collection', () => {
  test('is its owner’s to use; another author can see it but not make it their cover', async () => {
    const owner = await cookieFor('maya.okafor@example.com');
    const other = await cookieFor('jonah.reyes@example.com');
    const uploaded = await upload(
      owner,
      'image/png',
      await picture(40, 60).png().toBuffer(),
      'Box',
    );
    const { id } = uploaded.json<UploadedImage>();
    const collection = (cookie: string) =>
      testApp().app.inject({
        method: 'POST',
        url: '/v2/collections',
        headers: { cookie },
        payload: { title: 'The Orchard Trilogy', linkIds: [], aliasCode: '', imageId: id },
      });

    const [theirs, ours, publicFile] = [
      await collection(other),
      await collection(owner),
      await fileOf(id),
    ];

    expect(theirs.statusCode).toBe(400);
    expect(theirs.json()).toMatchObject({
      responseStatus: { errors: [{ fieldName: 'ImageId', errorCode: 'UnknownImage' }] },
    });
    expect(ours.statusCode).toBe(201);
    expect(ours.json()).toMatchObject({ imageId: id });
    expect(publicFile.statusCode).toBe(200);
  });
});
