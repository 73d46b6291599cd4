import { describe, expect, test } from 'vitest';
import { sessionCookieOf, setUpTestApp, signIn } from './support/test-app';
import { buildTestShortLinkHost } from './support/short-link-host';

const testApp = setUpTestApp();
const day = 24 * 60 * 60 * 1000;

const saltOrchardOnAmazon = 'https://www.amazon.com/dp/1668012340';
const winterLedgerOnAmazon = 'https://www.amazon.com/dp/1668099991';

async function signedIn() {
  return sessionCookieOf(await signIn(testApp(), 'maya.okafor@example.com'));
}

async function created(cookie: string, url: string, payload: object) {
  const reply = await testApp().app.inject({ method: 'POST', url, headers: { cookie }, payload });
  expect(reply.statusCode).toBe(201);
  return reply.json<{ id: string }>();
}

/** The collection's page and a reader's choice of a book's store, as the short-link host answers. */
async function onShortLinkHost(alias: string, chosenCode: string) {
  const { host, close } = await buildTestShortLinkHost(testApp());
  try {
    const page = await host.inject({ url: `/c/${alias}` });
    const choice = await host.inject({
      method: 'POST',
      url: `/c/${alias}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `store=${chosenCode}%3Aamazon`,
    });
    return { page, choice };
  } finally {
    await close();
  }
}

const booksOn = (html: string) => html.match(/<li class="book">/g)?.length ?? 0;

describe("a collection's page on the short-link host", () => {
  test('leaves out a link once it has expired, from its books and their count', async () => {
    const cookie = await signedIn();
    const lasting = await created(cookie, '/v1/links', {
      url: saltOrchardOnAmazon,
      code: 'salt-orchard',
    });
    const launch = await created(cookie, '/v1/links', {
      url: winterLedgerOnAmazon,
      code: 'launch-week',
      expiry: { at: '2026-11-28T09:00:00Z', fallbackUrl: null },
    });
    await created(cookie, '/v2/collections', {
      title: 'Launch shelf',
      linkIds: [launch.id, lasting.id],
      aliasCode: 'launch-shelf',
    });

    const before = await onShortLinkHost('launch-shelf', 'launch-week');
    expect(before.page.statusCode).toBe(200);
    expect(booksOn(before.page.body)).toBe(2);
    expect(before.page.body).toContain('launch-week:');
    expect(before.choice.statusCode).toBe(303);

    testApp().clock.advance(7 * day);

    const after = await onShortLinkHost('launch-shelf', 'launch-week');
    expect(after.page.statusCode).toBe(200);
    expect(booksOn(after.page.body)).toBe(1);
    expect(after.page.body).not.toContain('launch-week:');
    expect(after.page.body).toContain('salt-orchard:');
    expect(after.choice.statusCode).toBe(400);
  });
});
