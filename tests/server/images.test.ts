import { describe, expect, test } from 'vitest';
import { sessionCookieOf, setUpTestApp, signIn } from './support/test-app';

const testApp = setUpTestApp();
const cover = {
  providerImageId: 'shelflink/covers/orchard-trilogy-box',
  attributes: { alt: 'The Orchard Trilogy box set', width: 1200, height: 1800 },
};

async function cookieFor(email: string) {
  return sessionCookieOf(await signIn(testApp(), email));
}

function createImage(cookie: string, payload: object) {
  return testApp().app.inject({
    method: 'POST',
    url: '/v2/images',
    headers: { cookie },
    payload,
  });
}

function getImage(cookie: string, id: string) {
  return testApp().app.inject({ url: `/v2/images/${id}`, headers: { cookie } });
}

describe('images', () => {
  test('are registered with the image-hosting service by default and read back', async () => {
    const cookie = await cookieFor('maya.okafor@example.com');

    const created = await createImage(cookie, cover);

    expect(created.statusCode).toBe(201);
    const image = created.json<{ id: string }>();
    expect(image).toEqual({
      id: expect.stringMatching(/^img_/) as string,
      provider: 'cloudinary',
      providerImageId: cover.providerImageId,
      url: 'https://images.shelflink.app/cloudinary/shelflink/covers/orchard-trilogy-box.jpg',
      attributes: cover.attributes,
      createdAt: '2026-11-21T09:00:00.000Z',
    });
    const read = await getImage(cookie, image.id);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(image);
  });

  test('are not found by anyone but their owner, nor when there is none', async () => {
    const created = await createImage(await cookieFor('maya.okafor@example.com'), cover);
    const other = await cookieFor('jonah.reyes@example.com');

    const replies = await Promise.all([
      getImage(other, created.json<{ id: string }>().id),
      getImage(other, 'img_missing'),
    ]);

    expect(replies.map(({ statusCode }) => statusCode)).toEqual([404, 404]);
  });

  test('refuse an unknown provider and a missing description', async () => {
    const cookie = await cookieFor('maya.okafor@example.com');

    const reply = await createImage(cookie, {
      provider: 'imgur',
      providerImageId: cover.providerImageId,
      attributes: { width: 10 },
    });

    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      responseStatus: {
        errors: [
          { fieldName: 'Provider', errorCode: 'NotAllowed' },
          { fieldName: 'Attributes.alt', errorCode: 'Required' },
        ],
      },
    });
  });

  test('need a session', async () => {
    const replies = await Promise.all([
      testApp().app.inject({ method: 'POST', url: '/v2/images', payload: cover }),
      testApp().app.inject({ url: '/v2/images/img_any' }),
    ]);

    expect(replies.map(({ statusCode }) => statusCode)).toEqual([401, 401]);
  });
});
