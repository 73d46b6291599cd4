import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { buildTestShortLinkHost } from './support/short-link-host';
import { sessionCookieOf, setUpTestApp, signIn } from './support/test-app';

// The app here runs on plain http, as `npm start` does on a developer's machine: the only
// deployment where the reader pages' `https:` images leave out where uploaded covers are served.
const appOrigin = 'http://127.0.0.1:3000';
const testApp = setUpTestApp({ env: { APP_ORIGIN: appOrigin } });
let host: FastifyInstance;
let closeHost: () => Promise<void>;
let cookie: string;

beforeEach(async () => {
  ({ host, close: closeHost } = await buildTestShortLinkHost(testApp()));
  cookie = sessionCookieOf(await signIn(testApp(), 'maya.okafor@shelflink.test'));
});
afterEach(async () => {
  await closeHost();
});

function html(reply: LightMyRequestResponse): string {
  return reply.headers['content-encoding'] === 'gzip'
    ? gunzipSync(reply.rawPayload).toString()
    : reply.body;
}

async function uploadCover(alt: string): Promise<{ id: string; url: string }> {
  const png = await sharp({
    create: { width: 300, height: 200, channels: 3, background: { r: 11, g: 114, b: 133 } },
  })
    .png()
    .toBuffer();
  const reply = await testApp().app.inject({
    method: 'POST',
    url: `/v2/images/uploads?alt=${encodeURIComponent(alt)}`,
    headers: { cookie, 'content-type': 'image/png' },
    payload: png,
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json<{ id: string; url: string }>();
}

async function createCollection(payload: object) {
  const reply = await testApp().app.inject({
    method: 'POST',
    url: '/v2/collections',
    headers: { cookie },
    payload: { title: 'The Orchard Trilogy', linkIds: [], ...payload },
  });
  expect(reply.statusCode, reply.body).toBe(201);
}

describe('a collection’s page with an uploaded cover', () => {
  test('shows the cover from where the API serves it, at its stored size', async () => {
    const cover = await uploadCover('The Orchard Trilogy box set');
    await createCollection({ aliasCode: 'orchard-trilogy', imageId: cover.id });

    const page = await host.inject({ url: '/c/orchard-trilogy' });

    expect(page.statusCode).toBe(200);
    expect(cover.url).toBe(`${appOrigin}/api/v2/images/${cover.id}/file`);
    expect(html(page)).toContain(
      `<img class="collection-cover" src="${cover.url}" alt="The Orchard Trilogy box set" width="300" height="200"`,
    );
  });

  test('is allowed by the page’s policy, which adds the uploads’ path on an http app and nothing more', async () => {
    const cover = await uploadCover('Box set');
    await createCollection({ aliasCode: 'orchard-trilogy', imageId: cover.id });

    const pages = [await host.inject({ url: '/c/orchard-trilogy' }), await host.inject('/nothing')];

    for (const page of pages) {
      expect(page.headers['content-security-policy']).toBe(
        `default-src 'none'; style-src 'unsafe-inline'; img-src https: data: ${appOrigin}/api/v2/images/; connect-src 'self'; base-uri 'none'; frame-ancestors 'none'`,
      );
    }
  });

  test('shows a hosted cover through the image host, and none without a cover', async () => {
    const hosted = await testApp().app.inject({
      method: 'POST',
      url: '/v2/images',
      headers: { cookie },
      payload: { providerImageId: 'shelflink/covers/box', attributes: { alt: 'Box' } },
    });
    await createCollection({
      aliasCode: 'hosted-cover',
      imageId: hosted.json<{ id: string }>().id,
    });
    await createCollection({ aliasCode: 'no-cover' });

    const withHosted = html(await host.inject({ url: '/c/hosted-cover' }));
    const without = html(await host.inject({ url: '/c/no-cover' }));

    expect(withHosted).toContain(
      '<img class="collection-cover" src="https://images.shelflink.app/cloudinary/shelflink/covers/box.jpg" alt="Box" fetchpriority="high">',
    );
    expect(without).not.toContain('collection-cover"');
  });
});
