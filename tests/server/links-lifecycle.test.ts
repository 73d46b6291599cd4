import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { clicks } from '../../src/server/db/schema';
import { sessionCookieOf, setUpTestApp, signIn } from './support/test-app';
import { buildTestShortLinkHost } from './support/short-link-host';

const testApp = setUpTestApp();
const day = 24 * 60 * 60 * 1000;

const saltOrchardOnAppleBooks = 'https://books.apple.com/us/book/the-salt-orchard/id6447301128';
const saltOrchardOnAmazon = 'https://www.amazon.com/dp/1668012340';
const authorSite = 'https://www.mayaokafor.com/books';

async function signedIn(email = 'maya.okafor@example.com') {
  return sessionCookieOf(await signIn(testApp(), email));
}

function call(
  cookie: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return testApp().app.inject({ method, url, headers: { cookie }, payload });
}

async function createdLink(cookie: string, payload: object) {
  const reply = await call(cookie, 'POST', '/v1/links', payload);
  expect(reply.statusCode).toBe(201);
  return reply.json<{ id: string; code: string; baseCode: string; url: string }>();
}

/** The PUT body that names a link and keeps its destination. */
function keeping(link: { code: string; baseCode: string; url: string }) {
  return { domain: 'shelf.to', code: link.code, baseCode: link.baseCode, url: link.url };
}

/** What the short-link host answers a reader for a code, on this instance's link cache. */
async function follow(code: string) {
  const { host, close } = await buildTestShortLinkHost(testApp());
  try {
    return await host.inject({ url: `/${code}` });
  } finally {
    await close();
  }
}

describe('editing a link', () => {
  test('changes every field it names and keeps the others', async () => {
    const cookie = await signedIn();
    const link = await createdLink(cookie, {
      url: saltOrchardOnAppleBooks,
      code: 'salt-orchard',
      parameterKeyValues: { utm_campaign: 'autumn-tour' },
    });

    const edited = await call(cookie, 'PUT', '/v1/links', {
      ...keeping(link),
      allStores: true,
      localise: false,
      parameterKeyValues: { utm_campaign: 'winter-tour' },
      title: 'The Salt Orchard (signed edition)',
      author: 'M. Okafor',
      coverImageUrl: 'https://images.shelflink.app/covers/9781668012345.jpg',
    });
    const untouched = await call(cookie, 'PUT', '/v1/links', keeping(link));

    expect(edited.statusCode).toBe(200);
    const expected = {
      url: saltOrchardOnAppleBooks,
      allStores: true,
      localise: false,
      parameterKeyValues: { utm_campaign: 'winter-tour' },
      title: 'The Salt Orchard (signed edition)',
      author: 'M. Okafor',
      coverImageUrl: 'https://images.shelflink.app/covers/9781668012345.jpg',
      archived: false,
      expiry: null,
    };
    expect(edited.json()).toMatchObject(expected);
    expect(untouched.json()).toMatchObject(expected);
    const cleared = await call(cookie, 'PUT', '/v1/links', {
      ...keeping(link),
      coverImageUrl: null,
    });
    expect(cleared.json()).toMatchObject({ coverImageUrl: null });
  });

  test('refuses every store for an address without a known book, at AllStores', async () => {
    const cookie = await signedIn();
    const link = await createdLink(cookie, { url: authorSite });

    const reply = await call(cookie, 'PUT', '/v1/links', { ...keeping(link), allStores: true });

    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      responseStatus: { errors: [{ fieldName: 'AllStores', errorCode: 'IsbnUnknown' }] },
    });
  });

  test('an edit applies to readers at once', async () => {
    const cookie = await signedIn();
    const link = await createdLink(cookie, { url: saltOrchardOnAmazon, code: 'salt-orchard' });
    expect((await follow('salt-orchard')).statusCode).toBe(302);

    await call(cookie, 'PUT', '/v1/links', { ...keeping(link), allStores: true });

    expect((await follow('salt-orchard')).statusCode).toBe(200);
  });
});

describe('archiving a link', () => {
  test('moves it from the default list and count to the archived ones, and it keeps redirecting', async () => {
    const cookie = await signedIn();
    const kept = await createdLink(cookie, { url: saltOrchardOnAmazon, code: 'salt-orchard' });
    const archived = await createdLink(cookie, { url: authorSite, code: 'old-tour' });

    const reply = await call(cookie, 'PUT', '/v1/links', { ...keeping(archived), archived: true });

    expect(reply.json()).toMatchObject({ archived: true });
    const codes = async (query: string) =>
      (await call(cookie, 'GET', `/v1/links/list${query}`))
        .json<{ results: { code: string }[] }>()
        .results.map(({ code }) => code);
    expect(await codes('')).toEqual([kept.code]);
    expect(await codes('?archived=true')).toEqual([archived.code]);
    expect((await call(cookie, 'GET', '/v1/links/count')).json()).toEqual({ count: 1 });
    expect((await call(cookie, 'GET', '/v1/links/count?archived=true')).json()).toEqual({
      count: 1,
    });
    expect(await codes(`?ids=${archived.id}`)).toEqual([archived.code]);
    const followed = await follow('old-tour');
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(authorSite);
  });
});

describe('deleting a link', () => {
  test('answers 204, and readers get the removed page, at once', async () => {
    const cookie = await signedIn();
    await createdLink(cookie, { url: saltOrchardOnAmazon, code: 'salt-orchard' });
    expect((await follow('salt-orchard')).statusCode).toBe(302);

    const deleted = await call(cookie, 'DELETE', '/v1/links?domain=shelf.to&code=Salt-Orchard');

    expect(deleted.statusCode).toBe(204);
    const followed = await follow('salt-orchard');
    expect(followed.statusCode).toBe(410);
    expect(followed.body).toContain('This link was removed');
  });

  test('is never listed, counted, edited, reported on or matched again', async () => {
    const cookie = await signedIn();
    const link = await createdLink(cookie, { url: saltOrchardOnAmazon, code: 'salt-orchard' });

    await call(cookie, 'DELETE', '/v1/links?domain=shelf.to&code=salt-orchard');

    const list = await call(cookie, 'GET', '/v1/links/list');
    const archivedList = await call(cookie, 'GET', '/v1/links/list?archived=true');
    expect(list.json()).toMatchObject({ results: [], page: { total: 0 } });
    expect(archivedList.json()).toMatchObject({ results: [] });
    expect((await call(cookie, 'GET', '/v1/links/count')).json()).toEqual({ count: 0 });
    expect((await call(cookie, 'PUT', '/v1/links', keeping(link))).statusCode).toBe(404);
    const report = await call(cookie, 'GET', '/v1/links/report?domain=shelf.to&code=salt-orchard');
    expect(report.statusCode).toBe(404);
    const matching = await call(
      cookie,
      'GET',
      `/v1/links/matching?url=${encodeURIComponent(saltOrchardOnAmazon)}`,
    );
    expect(matching.json()).toEqual({ results: [] });
    const again = await call(cookie, 'DELETE', '/v1/links?domain=shelf.to&code=salt-orchard');
    expect(again.statusCode).toBe(404);
  });

  test("someone else's link is not found and keeps working", async () => {
    const owner = await signedIn();
    await createdLink(owner, { url: saltOrchardOnAmazon, code: 'salt-orchard' });
    const stranger = await signedIn('somebody.else@example.com');

    const reply = await call(stranger, 'DELETE', '/v1/links?domain=shelf.to&code=salt-orchard');

    expect(reply.statusCode).toBe(404);
    expect((await follow('salt-orchard')).statusCode).toBe(302);
  });

  test('reserves the code for its owner for 30 days, then frees it', async () => {
    const owner = await signedIn();
    const stranger = await signedIn('somebody.else@example.com');
    await createdLink(owner, { url: saltOrchardOnAmazon, code: 'salt-orchard' });
    await call(owner, 'DELETE', '/v1/links?domain=shelf.to&code=salt-orchard');
    const available = async (cookie: string) =>
      (
        await call(cookie, 'GET', '/v1/vanity-codes/availability?domain=shelf.to&code=SALT-orchard')
      ).json<{ isAvailable: boolean }>().isAvailable;

    expect(await available(stranger)).toBe(false);
    expect(await available(owner)).toBe(true);
    const taken = await call(stranger, 'POST', '/v1/links', {
      url: authorSite,
      code: 'salt-orchard',
    });
    const unclaimed = await testApp().app.inject({
      method: 'POST',
      url: '/v1/links/unclaimed',
      payload: { url: authorSite, code: 'salt-orchard' },
    });
    expect([taken.statusCode, unclaimed.statusCode]).toEqual([409, 409]);
    expect(taken.json()).toMatchObject({ responseStatus: { errorCode: 'VanityCodeTaken' } });

    testApp().clock.advance(30 * day + 1000);
    const strangerLater = await signedIn('somebody.else@example.com');

    expect(await available(strangerLater)).toBe(true);
    const freed = await call(strangerLater, 'POST', '/v1/links', {
      url: authorSite,
      code: 'salt-orchard',
    });
    expect(freed.statusCode).toBe(201);
    const followed = await follow('salt-orchard');
    expect(followed.headers.location).toBe(authorSite);
  });

  test('its owner takes the code again at once, and its clicks stay with the old link', async () => {
    const owner = await signedIn();
    const old = await createdLink(owner, { url: saltOrchardOnAmazon, code: 'salt-orchard' });
    await follow('salt-orchard');
    await call(owner, 'DELETE', '/v1/links?domain=shelf.to&code=salt-orchard');

    const again = await createdLink(owner, { url: authorSite, code: 'salt-orchard' });

    expect(again.id).not.toBe(old.id);
    const followed = await follow('salt-orchard');
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(authorSite);
    expect(await testApp().db.$count(clicks, eq(clicks.linkId, old.id))).toBe(1);
  });

  test('two authors racing for a freed code: exactly one gets it', async () => {
    const owner = await signedIn();
    await createdLink(owner, { url: saltOrchardOnAmazon, code: 'salt-orchard' });
    await call(owner, 'DELETE', '/v1/links?domain=shelf.to&code=salt-orchard');
    testApp().clock.advance(31 * day);
    const ownerLater = await signedIn();
    const first = await signedIn('first@example.com');
    const second = await signedIn('second@example.com');

    const replies = await Promise.all([
      call(first, 'POST', '/v1/links', { url: authorSite, code: 'salt-orchard' }),
      call(second, 'POST', '/v1/links', { url: saltOrchardOnAmazon, code: 'Salt-Orchard' }),
      call(ownerLater, 'POST', '/v1/links', { url: saltOrchardOnAmazon, code: 'salt-orchard' }),
    ]);

    expect(replies.map(({ statusCode }) => statusCode).sort()).toEqual([201, 409, 409]);
  });
});

describe('a link with an expiry', () => {
  test('redirects until then, then sends readers to the fallback without counting a click', async () => {
    const cookie = await signedIn();
    const created = await call(cookie, 'POST', '/v1/links', {
      url: saltOrchardOnAmazon,
      code: 'launch-week',
      expiry: { at: '2026-11-28T09:00:00Z', fallbackUrl: authorSite },
    });
    expect(created.json()).toMatchObject({
      expiry: { at: '2026-11-28T09:00:00.000Z', fallbackUrl: authorSite },
    });
    const linkId = created.json<{ id: string }>().id;
    const clickRows = () => testApp().db.$count(clicks, eq(clicks.linkId, linkId));
    expect((await follow('launch-week')).headers.location).toBe(saltOrchardOnAmazon);
    expect(await clickRows()).toBe(1);

    testApp().clock.advance(7 * day);

    const followed = await follow('launch-week');
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(authorSite);
    expect(await clickRows()).toBe(1);
  });

  test('without a fallback, readers are told it has ended (410)', async () => {
    const cookie = await signedIn();
    const link = await createdLink(cookie, { url: saltOrchardOnAmazon, code: 'launch-week' });
    await call(cookie, 'PUT', '/v1/links', {
      ...keeping(link),
      expiry: { at: '2026-11-22T09:00:00Z', fallbackUrl: null },
    });

    testApp().clock.advance(day);

    const followed = await follow('launch-week');
    expect(followed.statusCode).toBe(410);
    expect(followed.body).toContain('This link has ended');
  });

  test('an expiry in the past is refused at Expiry.At; null removes one', async () => {
    const cookie = await signedIn();
    const link = await createdLink(cookie, {
      url: saltOrchardOnAmazon,
      expiry: { at: '2026-12-01T00:00:00Z', fallbackUrl: null },
    });

    const past = await call(cookie, 'PUT', '/v1/links', {
      ...keeping(link),
      expiry: { at: '2026-11-21T08:59:59Z', fallbackUrl: null },
    });
    const removed = await call(cookie, 'PUT', '/v1/links', { ...keeping(link), expiry: null });

    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({
      responseStatus: { errors: [{ fieldName: 'Expiry.At', errorCode: 'NotInFuture' }] },
    });
    expect(removed.json()).toMatchObject({ expiry: null });
  });
});

describe('finding links to the same destination', () => {
  test("returns the author's links to the same address in the same store mode, newest first", async () => {
    const cookie = await signedIn();
    const older = await createdLink(cookie, { url: saltOrchardOnAmazon, code: 'salt-one' });
    testApp().clock.advance(1000);
    const newer = await createdLink(cookie, { url: saltOrchardOnAmazon, code: 'salt-two' });
    await createdLink(cookie, { url: saltOrchardOnAmazon, code: 'salt-all', allStores: true });
    await createdLink(cookie, { url: authorSite });
    const stranger = await signedIn('somebody.else@example.com');
    await createdLink(stranger, { url: saltOrchardOnAmazon });

    const single = await call(
      cookie,
      'GET',
      `/v1/links/matching?url=${encodeURIComponent(saltOrchardOnAmazon)}`,
    );
    const everyStore = await call(
      cookie,
      'GET',
      `/v1/links/matching?url=${encodeURIComponent(saltOrchardOnAmazon)}&allStores=true`,
    );

    expect(single.statusCode).toBe(200);
    const codes = (reply: typeof single) =>
      reply.json<{ results: { code: string }[] }>().results.map(({ code }) => code);
    expect(codes(single)).toEqual([newer.code, older.code]);
    expect(codes(everyStore)).toEqual(['salt-all']);
  });

  test('matches the address as the URL standard writes it, and refuses an invalid one at Url', async () => {
    const cookie = await signedIn();
    await createdLink(cookie, { url: saltOrchardOnAmazon, code: 'salt-one' });

    const differentlyWritten = await call(
      cookie,
      'GET',
      `/v1/links/matching?url=${encodeURIComponent('HTTPS://WWW.Amazon.com/dp/1668012340')}`,
    );
    const invalid = await call(cookie, 'GET', '/v1/links/matching?url=ftp%3A%2F%2Fexample.org');

    expect(differentlyWritten.json()).toMatchObject({ results: [{ code: 'salt-one' }] });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ responseStatus: { errors: [{ fieldName: 'Url' }] } });
  });

  test('shows at most 5', async () => {
    const cookie = await signedIn();
    for (let index = 0; index < 6; index++) {
      await createdLink(cookie, { url: saltOrchardOnAmazon });
    }

    const reply = await call(
      cookie,
      'GET',
      `/v1/links/matching?url=${encodeURIComponent(saltOrchardOnAmazon)}`,
    );

    expect(reply.json<{ results: unknown[] }>().results).toHaveLength(5);
  });
});

describe('a report', () => {
  test('for a code the author has no link for is not found', async () => {
    const cookie = await signedIn();
    await createdLink(await signedIn('somebody.else@example.com'), {
      url: saltOrchardOnAmazon,
      code: 'not-mine',
    });

    const unknown = await call(cookie, 'GET', '/v1/links/report?domain=shelf.to&code=no-such-link');
    const others = await call(cookie, 'GET', '/v1/links/report?domain=shelf.to&code=not-mine');

    expect([unknown.statusCode, others.statusCode]).toEqual([404, 404]);
    expect(unknown.json()).toMatchObject({ responseStatus: { errorCode: 'NotFound' } });
  });
});
