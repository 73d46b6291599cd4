import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { collections, links } from '../../src/server/db/schema';
import { adminEmail, sessionCookieOf, setUpTestApp, signIn } from './support/test-app';

const testApp = setUpTestApp();
const authorEmail = 'maya.okafor@example.com';
const day = 24 * 60 * 60 * 1000;

const saltOrchardOnAppleBooks = 'https://books.apple.com/us/book/the-salt-orchard/id6447301128';
const takenMessage = 'Sorry, that url is already taken. Please try another one.';
const codeTaken = {
  responseStatus: {
    errorCode: 'VanityCodeTaken',
    message: takenMessage,
    errors: [{ fieldName: 'Code', errorCode: 'VanityCodeTaken', message: takenMessage }],
  },
};

async function signedIn(email = authorEmail) {
  const login = await signIn(testApp(), email);
  return { cookie: sessionCookieOf(login), userId: login.json<{ userId: string }>().userId };
}

function createLink(cookie: string, payload: object) {
  return testApp().app.inject({ method: 'POST', url: '/v1/links', headers: { cookie }, payload });
}

function createUnclaimedLink(payload: object) {
  return testApp().app.inject({ method: 'POST', url: '/v1/links/unclaimed', payload });
}

function get(url: string, cookie?: string) {
  return testApp().app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

describe('creating a link', () => {
  test('stores the vanity code, parameters and programs, with the book from the catalogue', async () => {
    const { cookie, userId } = await signedIn();

    const reply = await createLink(cookie, {
      url: saltOrchardOnAppleBooks,
      code: 'Salt-Orchard',
      parameterKeyValues: { utm_campaign: 'autumn-tour' },
      affiliatePrograms: ['9d3c1f7a-52b4-4c8e-a1f6-3e7b2d8c4a10'],
    });

    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toEqual({
      id: expect.stringMatching(/^lnk_/) as string,
      domain: 'shelf.to',
      code: 'Salt-Orchard',
      baseCode: 'Salt-Orchard',
      shortUrl: 'https://shelf.to/Salt-Orchard',
      url: saltOrchardOnAppleBooks,
      title: 'The Salt Orchard',
      author: 'Maya Okafor',
      coverImageUrl: null,
      isbn: '9781668012345',
      retailer: 'Apple Books',
      storefront: 'US',
      // No token saved yet: nothing tags it; every program left out is switched off.
      affiliatePrograms: [],
      programsOff: expect.not.arrayContaining(['9d3c1f7a-52b4-4c8e-a1f6-3e7b2d8c4a10']) as string[],
      parameterKeyValues: { utm_campaign: 'autumn-tour' },
      localise: true,
      allStores: false,
      clickCount: 0,
      createdAt: '2026-11-21T09:00:00.000Z',
      disabled: null,
      archived: false,
      expiry: null,
    });
    const [stored] = await testApp().db.select().from(links);
    expect(stored).toMatchObject({ ownerId: Number(userId), claimExpiresAt: null });
  });

  test.each([
    ['an Amazon product page', 'https://www.amazon.co.uk/dp/0593315626', 'Amazon', 'GB'],
    ['a Bookshop.org page', 'https://bookshop.org/p/books/x/9780593315620', 'Bookshop.org', 'US'],
    ['any page naming the ISBN', 'https://isbnsearch.org/isbn/9780593315620', '', null],
  ])('knows the book behind %s', async (_kind, url, retailer, storefront) => {
    const { cookie } = await signedIn();

    const reply = await createLink(cookie, { url });

    expect(reply.json()).toMatchObject({
      title: 'Lanterns Over Kestrel Bay',
      author: 'Jonah Whitlock',
      isbn: '9780593315620',
      retailer,
      storefront,
    });
  });

  test('leaves the book empty for a page the catalogue does not know', async () => {
    const { cookie } = await signedIn();

    const reply = await createLink(cookie, { url: 'https://www.kobo.com/ca/en/ebook/other-book' });

    expect(reply.json()).toMatchObject({
      title: '',
      author: '',
      isbn: null,
      retailer: 'Kobo',
      storefront: 'CA',
    });
  });

  test.each([{}, { code: '' }])(
    'generates a 7-character code when none is asked for (%j)',
    async (code) => {
      const { cookie } = await signedIn();

      const reply = await createLink(cookie, { url: saltOrchardOnAppleBooks, ...code });

      expect(reply.statusCode).toBe(201);
      const { code: generated, baseCode } = reply.json<{ code: string; baseCode: string }>();
      expect(generated).toMatch(/^[2-9a-hjkmnp-z]{7}$/);
      expect(baseCode).toBe(generated);
    },
  );

  test('refuses an address browsers would read differently, naming how they read it', async () => {
    const { cookie } = await signedIn();

    const rewritten = await createLink(cookie, { url: 'https://Bücher.Example.DE/Buch?q=a' });
    const written = await createLink(cookie, { url: 'https://xn--bcher-kva.example.de/Buch?q=a' });

    expect(rewritten.statusCode).toBe(400);
    expect(rewritten.json()).toMatchObject({
      responseStatus: {
        errors: [
          {
            fieldName: 'Url',
            errorCode: 'InvalidUrl',
            message:
              'Browsers read this address as https://xn--bcher-kva.example.de/Buch?q=a. Send it written that way.',
          },
        ],
      },
    });
    expect(written.json()).toMatchObject({ url: 'https://xn--bcher-kva.example.de/Buch?q=a' });
    expect(await testApp().db.$count(links)).toBe(1);
  });

  test('refuses a backslash address that would be stored as another host, and lists still answer', async () => {
    const { cookie } = await signedIn();

    const reply = await createLink(cookie, { url: 'https://books\\x.example.org/p' });
    const list = await get('/v1/links/list', cookie);

    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ responseStatus: { errors: [{ fieldName: 'Url' }] } });
    expect(list.statusCode).toBe(200);
    expect(await testApp().db.$count(links)).toBe(0);
  });

  test('refuses a code taken in any letter case, writing nothing', async () => {
    const { cookie } = await signedIn();
    await createLink(cookie, { url: saltOrchardOnAppleBooks, code: 'salt-orchard' });
    const other = await signedIn('jonah.whitlock@example.com');

    const reply = await createLink(other.cookie, {
      url: saltOrchardOnAppleBooks,
      code: 'SALT-orchard',
    });

    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toEqual(codeTaken);
    expect(await testApp().db.$count(links)).toBe(1);
  });

  test('refuses reserved words as taken', async () => {
    const { cookie } = await signedIn();

    for (const code of ['admin', 'Login', 'report-link', 'feature-collections', 'www', 'static']) {
      const reply = await createLink(cookie, { url: saltOrchardOnAppleBooks, code });

      expect(reply.statusCode, code).toBe(409);
      expect(reply.json(), code).toEqual(codeTaken);
    }
    expect(await testApp().db.$count(links)).toBe(0);
  });

  test('refuses a code of the wrong length or with other characters', async () => {
    const { cookie } = await signedIn();

    // The app removes spaces before sending a code.
    for (const code of ['ab', 'a'.repeat(23), 'salt orchard', 'salt/orchard']) {
      const reply = await createLink(cookie, { url: saltOrchardOnAppleBooks, code });

      expect(reply.statusCode, code).toBe(400);
      expect(reply.json(), code).toMatchObject({
        responseStatus: { errorCode: 'ValidationException', errors: [{ fieldName: 'Code' }] },
      });
    }
  });

  test('refuses destinations that are not public web pages, writing nothing', async () => {
    const { cookie } = await signedIn();
    const refused = [
      'http://127.0.0.1/x',
      'http://10.0.0.5/',
      'http://192.168.1.20/book',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/',
      'http://0x7f.0.0.1/',
      'https://localhost/x',
      'https://printer.local/x',
      'https://user:pw@x.com',
      'ftp://x.com/a',
      'javascript:alert(1)',
      'books.apple.com/us/book/x',
      `https://example.com/${'a'.repeat(2048)}`,
      // 2048 characters as sent, longer once the host is in punycode.
      `https://bü.example/${'a'.repeat(2029)}`,
    ];

    for (const url of refused) {
      const reply = await createLink(cookie, { url, code: 'salt-orchard' });

      expect(reply.statusCode, url).toBe(400);
      expect(reply.json(), url).toMatchObject({
        responseStatus: { errorCode: 'ValidationException', errors: [{ fieldName: 'Url' }] },
      });
    }
    expect(await testApp().db.$count(links)).toBe(0);
  });

  test('asks for a session', async () => {
    const reply = await createLink('', { url: saltOrchardOnAppleBooks });

    expect(reply.statusCode).toBe(401);
  });

  test('by an administrator acting as an author puts the link in their account', async () => {
    const author = await signedIn();
    const admin = await signedIn(adminEmail);

    const reply = await testApp().app.inject({
      method: 'POST',
      url: '/v1/links',
      headers: { cookie: admin.cookie, 'x-impersonate': author.userId },
      payload: { url: saltOrchardOnAppleBooks },
    });

    expect(reply.statusCode).toBe(201);
    const [stored] = await testApp().db.select().from(links);
    expect(stored?.ownerId).toBe(Number(author.userId));
  });

  test('may take the code of an unclaimed link whose hold has ended, deleting it', async () => {
    await createUnclaimedLink({ url: saltOrchardOnAppleBooks, code: 'salt-orchard' });
    testApp().clock.advance(30 * day);
    const { cookie, userId } = await signedIn();

    const reply = await createLink(cookie, { url: saltOrchardOnAppleBooks, code: 'salt-orchard' });

    expect(reply.statusCode).toBe(201);
    const stored = await testApp().db.select().from(links);
    expect(stored).toEqual([expect.objectContaining({ ownerId: Number(userId) })]);
  });
});

describe('creating a link while signed out', () => {
  test('holds it for nobody for 30 days', async () => {
    const reply = await createUnclaimedLink({ url: saltOrchardOnAppleBooks, code: 'salt-orchard' });

    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ code: 'salt-orchard', title: 'The Salt Orchard' });
    const [stored] = await testApp().db.select().from(links);
    expect(stored).toMatchObject({
      ownerId: null,
      claimExpiresAt: new Date(testApp().clock.now().getTime() + 30 * day),
    });
  });

  test('refuses a taken code and a bad destination like a signed-in creation', async () => {
    await createUnclaimedLink({ url: saltOrchardOnAppleBooks, code: 'salt-orchard' });

    const taken = await createUnclaimedLink({ url: saltOrchardOnAppleBooks, code: 'Salt-Orchard' });
    const local = await createUnclaimedLink({ url: 'http://127.0.0.1/x' });

    expect(taken.statusCode).toBe(409);
    expect(local.statusCode).toBe(400);
  });

  test('allows 20 links from one IP address an hour', async () => {
    for (let created = 0; created < 20; created++) {
      expect((await createUnclaimedLink({ url: saltOrchardOnAppleBooks })).statusCode).toBe(201);
    }

    const limited = await createUnclaimedLink({ url: saltOrchardOnAppleBooks });

    expect(limited.statusCode).toBe(429);
    testApp().clock.advance(60 * 60 * 1000);
    expect((await createUnclaimedLink({ url: saltOrchardOnAppleBooks })).statusCode).toBe(201);
  });
});

describe('changing a link', () => {
  async function authorWithLink() {
    const author = await signedIn();
    await createLink(author.cookie, { url: saltOrchardOnAppleBooks, code: 'salt-orchard' });
    return author;
  }

  function updateLink(headers: Record<string, string>, payload: object) {
    return testApp().app.inject({ method: 'PUT', url: '/v1/links', headers, payload });
  }

  const change = { domain: 'shelf.to', code: 'Salt-Orchard', baseCode: 'salt-orchard' };

  test('points it at a new destination, keeping the book the catalogue does not know', async () => {
    const { cookie } = await authorWithLink();
    testApp().clock.advance(day);

    const reply = await updateLink(
      { cookie },
      { ...change, url: 'https://www.amazon.de/dp/B0XXXXXXXX' },
    );

    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      code: 'salt-orchard',
      url: 'https://www.amazon.de/dp/B0XXXXXXXX',
      title: 'The Salt Orchard',
      retailer: 'Amazon',
      storefront: 'DE',
      createdAt: '2026-11-21T09:00:00.000Z',
    });
    const [stored] = await testApp().db.select().from(links);
    expect(stored?.updatedAt).toEqual(testApp().clock.now());
  });

  test("answers 404 for someone else's link, changing nothing", async () => {
    await authorWithLink();
    const other = await signedIn('jonah.whitlock@example.com');

    const reply = await updateLink(
      { cookie: other.cookie },
      { ...change, url: 'https://www.amazon.com/dp/1668012340' },
    );

    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({ responseStatus: { errorCode: 'NotFound' } });
    const [stored] = await testApp().db.select().from(links);
    expect(stored?.url).toBe(saltOrchardOnAppleBooks);
  });

  test('answers 404 for an unknown link or a base code of another link', async () => {
    const { cookie } = await authorWithLink();
    const url = 'https://www.amazon.com/dp/1668012340';

    expect((await updateLink({ cookie }, { ...change, code: 'other-code', url })).statusCode).toBe(
      404,
    );
    expect((await updateLink({ cookie }, { ...change, baseCode: 'other', url })).statusCode).toBe(
      404,
    );
  });

  test('refuses a destination on a private address', async () => {
    const { cookie } = await authorWithLink();

    const reply = await updateLink({ cookie }, { ...change, url: 'http://10.0.0.5/' });

    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      responseStatus: { errors: [{ fieldName: 'Url', errorCode: 'InvalidUrl' }] },
    });
  });

  test('by an administrator acting as the owner', async () => {
    const author = await authorWithLink();
    const admin = await signedIn(adminEmail);

    const asAdmin = await updateLink(
      { cookie: admin.cookie },
      { ...change, url: 'https://www.amazon.com/dp/1668012340' },
    );
    const asAuthor = await updateLink(
      { cookie: admin.cookie, 'x-impersonate': author.userId },
      { ...change, url: 'https://www.amazon.com/dp/1668012340' },
    );

    expect(asAdmin.statusCode).toBe(404);
    expect(asAuthor.statusCode).toBe(200);
  });
});

describe('listing links', () => {
  async function authorWithLinks(count: number) {
    const author = await signedIn();
    const ids: string[] = [];
    for (let index = 0; index < count; index++) {
      const reply = await createLink(author.cookie, {
        url: saltOrchardOnAppleBooks,
        code: `book-${index}`,
      });
      ids.push(reply.json<{ id: string }>().id);
      testApp().clock.advance(60 * 1000);
    }
    return { ...author, ids };
  }

  interface ListReply {
    results: { id: string; code: string }[];
    page: { skip: number; take: number; total: number };
  }

  test('pages through the acting user’s links, newest first, 20 by default', async () => {
    const { cookie } = await authorWithLinks(23);
    const other = await signedIn('jonah.whitlock@example.com');
    await createLink(other.cookie, { url: saltOrchardOnAppleBooks, code: 'not-mine' });

    const first = (await get('/v1/links/list', cookie)).json<ListReply>();
    const second = (await get('/v1/links/list?skip=20&take=20', cookie)).json<ListReply>();

    expect(first.page).toEqual({ skip: 0, take: 20, total: 23 });
    expect(first.results.map(({ code }) => code).slice(0, 2)).toEqual(['book-22', 'book-21']);
    expect(second.page).toEqual({ skip: 20, take: 20, total: 23 });
    expect(second.results.map(({ code }) => code)).toEqual(['book-2', 'book-1', 'book-0']);
  });

  test('gives only the links named by ids that are the user’s', async () => {
    const { cookie, ids } = await authorWithLinks(3);
    const other = await signedIn('jonah.whitlock@example.com');
    const theirs = await createLink(other.cookie, {
      url: saltOrchardOnAppleBooks,
      code: 'not-mine',
    });

    const reply = await get(
      `/v1/links/list?ids=${ids[0]},${ids[2]},${theirs.json<{ id: string }>().id}`,
      cookie,
    );

    expect(reply.statusCode).toBe(200);
    const { results, page } = reply.json<ListReply>();
    expect(results.map(({ id }) => id)).toEqual([ids[2], ids[0]]);
    expect(page).toEqual({ skip: 0, take: 20, total: 2 });
  });

  test('does not list unclaimed links', async () => {
    const { cookie } = await signedIn();
    await createUnclaimedLink({ url: saltOrchardOnAppleBooks });

    const reply = await get('/v1/links/list', cookie);

    expect(reply.json<ListReply>().page.total).toBe(0);
  });

  test('counts the acting user’s links', async () => {
    const { cookie } = await authorWithLinks(2);
    const other = await signedIn('jonah.whitlock@example.com');

    expect((await get('/v1/links/count', cookie)).json()).toEqual({ count: 2 });
    expect((await get('/v1/links/count', other.cookie)).json()).toEqual({ count: 0 });
  });
});

describe('checking a vanity code', () => {
  function isAvailable(query: string) {
    return get(`/v1/vanity-codes/availability?${query}`).then(
      (reply) => reply.json<{ isAvailable: boolean; shortUrl: string }>().isAvailable,
    );
  }

  test('counts an empty code as available', async () => {
    expect(await isAvailable('domain=shelf.to&code=')).toBe(true);
  });

  test("gives the code's address on the short-link host, and for an empty code the prefix codes follow", async () => {
    const shortUrlOf = async (query: string) =>
      (await get(`/v1/vanity-codes/availability?${query}`)).json<{ shortUrl: string }>().shortUrl;

    expect(await shortUrlOf('domain=shelf.to&code=Salt-Orchard')).toBe(
      'https://shelf.to/Salt-Orchard',
    );
    expect(await shortUrlOf('domain=shelf.to&code=')).toBe('https://shelf.to/');
    expect(await shortUrlOf('domain=&code=orchard-trilogy')).toBe(
      'https://shelf.to/c/orchard-trilogy',
    );
    expect(await shortUrlOf('code=')).toBe('https://shelf.to/c/');
    expect(await shortUrlOf('domain=shelf.to')).toBe('https://shelf.to/');
    expect(await shortUrlOf('domain=')).toBe('https://shelf.to/c/');
  });

  test('finds a code taken in any letter case, and reserved words, unavailable', async () => {
    const { cookie } = await signedIn();
    await createLink(cookie, { url: saltOrchardOnAppleBooks, code: 'salt-orchard' });

    expect(await isAvailable('domain=shelf.to&code=SALT-ORCHARD')).toBe(false);
    expect(await isAvailable('domain=shelf.to&code=settings')).toBe(false);
    expect(await isAvailable('domain=shelf.to&code=winter-orchard')).toBe(true);
    expect(await isAvailable('domain=other.link&code=salt-orchard')).toBe(true);
  });

  test('frees the code of an unclaimed link once its hold ends', async () => {
    await createUnclaimedLink({ url: saltOrchardOnAppleBooks, code: 'salt-orchard' });

    expect(await isAvailable('domain=shelf.to&code=salt-orchard')).toBe(false);
    testApp().clock.advance(30 * day);
    expect(await isAvailable('domain=shelf.to&code=salt-orchard')).toBe(true);
  });

  test('checks collection aliases when the domain is empty', async () => {
    const { userId } = await signedIn();
    await testApp()
      .db.insert(collections)
      .values({
        id: 'col_trilogy',
        ownerId: Number(userId),
        title: 'Trilogy',
        aliasCode: 'Orchard-Trilogy',
      });

    expect(await isAvailable('domain=&code=orchard-trilogy')).toBe(false);
    expect(await isAvailable('code=orchard-trilogy')).toBe(false);
    expect(await isAvailable('code=winter-trilogy')).toBe(true);
  });
});

describe("a short link's public metadata", () => {
  test('shows where a link leads, to anyone', async () => {
    const { cookie } = await signedIn();
    await createLink(cookie, { url: saltOrchardOnAppleBooks, code: 'salt-orchard' });

    const reply = await get('/v1/shortlink/metadata?domain=shelf.to&code=Salt-Orchard');

    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      domain: 'shelf.to',
      code: 'salt-orchard',
      shortUrl: 'https://shelf.to/salt-orchard',
      url: saltOrchardOnAppleBooks,
      title: 'The Salt Orchard',
      author: 'Maya Okafor',
      coverImageUrl: null,
      retailer: 'Apple Books',
    });
  });

  test('answers 404 for an unknown link and for an unclaimed one whose hold ended', async () => {
    await createUnclaimedLink({ url: saltOrchardOnAppleBooks, code: 'salt-orchard' });
    const url = '/v1/shortlink/metadata?domain=shelf.to&code=salt-orchard';

    expect((await get(url)).statusCode).toBe(200);
    expect((await get('/v1/shortlink/metadata?domain=shelf.to&code=nothing')).statusCode).toBe(404);
    testApp().clock.advance(30 * day);
    expect((await get(url)).statusCode).toBe(404);
  });
});

test('an expired unclaimed link is deleted when the next link is created', async () => {
  await createUnclaimedLink({ url: saltOrchardOnAppleBooks, code: 'salt-orchard' });
  testApp().clock.advance(30 * day);

  await createUnclaimedLink({ url: saltOrchardOnAppleBooks, code: 'winter-orchard' });

  const stored = await testApp().db.select({ code: links.code }).from(links);
  expect(stored).toEqual([{ code: 'winter-orchard' }]);
  expect(await testApp().db.$count(links, eq(links.code, 'salt-orchard'))).toBe(0);
});
