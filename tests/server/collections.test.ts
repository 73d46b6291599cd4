import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, test } from 'vitest';
import { collectionLinks, images, links } from '../../src/server/db/schema';
import { adminEmail, sessionCookieOf, setUpTestApp, signIn } from './support/test-app';
import { buildTestShortLinkHost } from './support/short-link-host';

const testApp = setUpTestApp();
const authorEmail = 'maya.okafor@example.com';
const otherEmail = 'jonah.reyes@example.com';
const aliasTaken = 'Sorry, that url is already taken. Please try another one.';

async function signedIn(email: string) {
  const login = await signIn(testApp(), email);
  return {
    cookie: sessionCookieOf(login),
    userId: Number(login.json<{ userId: string }>().userId),
  };
}

async function linksOf(ownerId: number, codes: string[]): Promise<string[]> {
  const rows = await testApp()
    .db.insert(links)
    .values(
      codes.map((code) => ({
        id: `lnk_${code}`,
        ownerId,
        domain: 'shelf.to',
        code,
        baseCode: code,
        url: `https://books.apple.com/us/book/${code}/id1623456789`,
      })),
    )
    .returning({ id: links.id });
  return rows.map(({ id }) => id);
}

function request(cookie: string, options: InjectOptions) {
  return testApp().app.inject({ ...options, headers: { cookie, ...options.headers } });
}

function create(cookie: string, payload: object) {
  return request(cookie, { method: 'POST', url: '/v2/collections', payload });
}

describe('creating a collection', () => {
  test('keeps its links in the given order, under its alias', async () => {
    const author = await signedIn(authorEmail);
    const [first, second, third] = await linksOf(author.userId, ['salt', 'ledger', 'moths']);

    const reply = await create(author.cookie, {
      title: 'The Orchard Trilogy',
      linkIds: [third, first, second],
      aliasCode: 'orchard-trilogy',
    });

    expect(reply.statusCode).toBe(201);
    const created = reply.json<{ id: string }>();
    expect(created).toEqual({
      id: expect.stringMatching(/^col_/) as string,
      title: 'The Orchard Trilogy',
      linkIds: [third, first, second],
      aliasCode: 'orchard-trilogy',
      shortUrl: 'https://shelf.to/c/orchard-trilogy',
      imageId: null,
      createdAt: '2026-11-21T09:00:00.000Z',
      updatedAt: '2026-11-21T09:00:00.000Z',
    });
    const read = await request(author.cookie, { url: `/v2/collections/${created.id}` });
    expect(read.json()).toEqual(created);
  });

  test('refuses an alias another collection has, in any letter case', async () => {
    const other = await signedIn(otherEmail);
    await create(other.cookie, { title: 'Audiobooks', linkIds: [], aliasCode: 'Orchard' });
    const author = await signedIn(authorEmail);

    const reply = await create(author.cookie, { title: 'Mine', linkIds: [], aliasCode: 'orCHard' });

    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toEqual({
      responseStatus: {
        errorCode: 'VanityCodeTaken',
        message: aliasTaken,
        errors: [{ fieldName: 'AliasCode', errorCode: 'VanityCodeTaken', message: aliasTaken }],
      },
    });
  });

  test('gives an alias asked for twice at once to one of the two', async () => {
    const author = await signedIn(authorEmail);
    const other = await signedIn(otherEmail);

    const replies = await Promise.all(
      [author, other].map(({ cookie }) =>
        create(cookie, { title: 'Series', linkIds: [], aliasCode: 'series' }),
      ),
    );

    expect(replies.map(({ statusCode }) => statusCode).sort()).toEqual([201, 409]);
  });

  test('lets any number of collections go without an alias, served by id', async () => {
    const author = await signedIn(authorEmail);

    const replies = await Promise.all(
      ['Series', 'Audiobooks'].map((title) =>
        create(author.cookie, { title, linkIds: [], aliasCode: '' }),
      ),
    );

    for (const reply of replies) {
      const { id, shortUrl } = reply.json<{ id: string; shortUrl: string }>();
      expect(reply.statusCode).toBe(201);
      expect(shortUrl).toBe(`https://shelf.to/c/${id}`);
    }
  });

  test("refuses someone else's links and image as fields of the request", async () => {
    const other = await signedIn(otherEmail);
    const [othersLink = ''] = await linksOf(other.userId, ['theirs']);
    await testApp()
      .db.insert(images)
      .values({
        id: 'img_theirs',
        ownerId: other.userId,
        providerImageId: 'covers/theirs',
        attributes: { alt: 'Their cover' },
      });
    const author = await signedIn(authorEmail);
    const [ownLink = ''] = await linksOf(author.userId, ['mine']);

    const reply = await create(author.cookie, {
      title: 'Mine',
      linkIds: [ownLink, othersLink],
      aliasCode: '',
      imageId: 'img_theirs',
    });

    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      responseStatus: {
        errorCode: 'ValidationException',
        errors: [
          { fieldName: 'LinkIds', errorCode: 'UnknownLink' },
          { fieldName: 'ImageId', errorCode: 'UnknownImage' },
        ],
      },
    });
    expect(await testApp().db.$count(collectionLinks)).toBe(0);
  });

  test('names each invalid field', async () => {
    const author = await signedIn(authorEmail);

    const reply = await create(author.cookie, { title: '', linkIds: [], aliasCode: 'no spaces' });

    expect(reply.statusCode).toBe(400);
    const fields = reply
      .json<{ responseStatus: { errors: { fieldName: string }[] } }>()
      .responseStatus.errors.map(({ fieldName }) => fieldName);
    expect(fields).toEqual(['Title', 'AliasCode']);
  });

  test('by an administrator acting as the author gives the collection to the author', async () => {
    const author = await signedIn(authorEmail);
    const admin = await signedIn(adminEmail);

    await request(admin.cookie, {
      method: 'POST',
      url: '/v2/collections',
      headers: { 'x-impersonate': String(author.userId) },
      payload: { title: 'Made for Maya', linkIds: [], aliasCode: '' },
    });

    const list = await request(author.cookie, { url: '/v2/collections/list' });
    expect(list.json()).toMatchObject({ results: [{ title: 'Made for Maya' }] });
  });
});

describe('listing collections', () => {
  async function authorWithCollections(titles: string[]) {
    const author = await signedIn(authorEmail);
    for (const title of titles) {
      await create(author.cookie, { title, linkIds: [], aliasCode: '' });
      testApp().clock.advance(60 * 1000);
    }
    return author;
  }

  test('shows the first 20, newest first, with the total', async () => {
    const titles = Array.from({ length: 22 }, (_, index) => `Collection ${index + 1}`);
    const author = await authorWithCollections(titles);

    const reply = await request(author.cookie, { url: '/v2/collections/list' });

    const { results, page } = reply.json<{ results: { title: string }[]; page: object }>();
    expect(page).toEqual({ offset: 0, limit: 20, total: 22 });
    expect(results.map(({ title }) => title)).toEqual(titles.slice(2).reverse());
  });

  test('pages with offset and limit, and filters by ids', async () => {
    const author = await authorWithCollections(['Oldest', 'Middle', 'Newest']);
    const all = await request(author.cookie, { url: '/v2/collections/list' });
    const [newest, , oldest] = all.json<{ results: { id: string }[] }>().results;

    const second = await request(author.cookie, { url: '/v2/collections/list?offset=1&limit=1' });
    const named = await request(author.cookie, {
      url: `/v2/collections/list?ids=${oldest?.id},${newest?.id}`,
    });

    expect(second.json()).toMatchObject({
      results: [{ title: 'Middle' }],
      page: { offset: 1, limit: 1, total: 3 },
    });
    expect(named.json()).toMatchObject({
      results: [{ title: 'Newest' }, { title: 'Oldest' }],
      page: { total: 2 },
    });
  });

  test("never shows someone else's collections", async () => {
    await authorWithCollections(['Maya’s']);
    const other = await signedIn(otherEmail);

    const reply = await request(other.cookie, { url: '/v2/collections/list' });

    expect(reply.json()).toEqual({ results: [], page: { offset: 0, limit: 20, total: 0 } });
  });

  test('refuses a limit over 100', async () => {
    const author = await signedIn(authorEmail);

    const reply = await request(author.cookie, { url: '/v2/collections/list?limit=101' });

    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      responseStatus: { errors: [{ fieldName: 'Limit', errorCode: 'Range' }] },
    });
  });
});

describe('changing a collection', () => {
  test('replaces its title and links in the new order, keeping alias and image', async () => {
    const author = await signedIn(authorEmail);
    const [first = '', second = '', third = ''] = await linksOf(author.userId, ['a1', 'b2', 'c3']);
    await testApp()
      .db.insert(images)
      .values({
        id: 'img_cover',
        ownerId: author.userId,
        providerImageId: 'covers/box',
        attributes: { alt: 'Box set' },
      });
    const created = await create(author.cookie, {
      title: 'Trilogy',
      linkIds: [first, second],
      aliasCode: 'trilogy',
      imageId: 'img_cover',
    });
    const { id } = created.json<{ id: string }>();
    testApp().clock.advance(60 * 60 * 1000);

    const reply = await request(author.cookie, {
      method: 'PUT',
      url: `/v2/collections/${id}`,
      payload: { title: 'The Orchard Books', linkIds: [third, first] },
    });

    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      title: 'The Orchard Books',
      linkIds: [third, first],
      aliasCode: 'trilogy',
      imageId: 'img_cover',
      createdAt: '2026-11-21T09:00:00.000Z',
      updatedAt: '2026-11-21T10:00:00.000Z',
    });
  });

  test('refuses a cover image that does not exist at its field, changing nothing', async () => {
    const author = await signedIn(authorEmail);
    const created = await create(author.cookie, { title: 'Mine', linkIds: [], aliasCode: '' });
    const { id } = created.json<{ id: string }>();

    const reply = await request(author.cookie, {
      method: 'PUT',
      url: `/v2/collections/${id}`,
      payload: { title: 'Renamed', linkIds: [], imageId: 'img_nobodys' },
    });

    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      responseStatus: { errors: [{ fieldName: 'ImageId', errorCode: 'UnknownImage' }] },
    });
    const read = await request(author.cookie, { url: `/v2/collections/${id}` });
    expect(read.json()).toMatchObject({ title: 'Mine', imageId: null });
  });

  test("refuses links that are not the author's, changing nothing", async () => {
    const author = await signedIn(authorEmail);
    const [own = ''] = await linksOf(author.userId, ['own']);
    const created = await create(author.cookie, { title: 'Mine', linkIds: [own], aliasCode: '' });
    const { id } = created.json<{ id: string }>();

    const reply = await request(author.cookie, {
      method: 'PUT',
      url: `/v2/collections/${id}`,
      payload: { title: 'Renamed', linkIds: ['lnk_nobodys'] },
    });

    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      responseStatus: { errors: [{ fieldName: 'LinkIds', errorCode: 'UnknownLink' }] },
    });
    const read = await request(author.cookie, { url: `/v2/collections/${id}` });
    expect(read.json()).toMatchObject({ title: 'Mine', linkIds: [own] });
  });

  test('deleting it keeps its links', async () => {
    const author = await signedIn(authorEmail);
    const [own = ''] = await linksOf(author.userId, ['kept']);
    const created = await create(author.cookie, {
      title: 'Gone',
      linkIds: [own],
      aliasCode: 'x1y',
    });
    const { id } = created.json<{ id: string }>();

    const reply = await request(author.cookie, { method: 'DELETE', url: `/v2/collections/${id}` });

    expect(reply.statusCode).toBe(204);
    const read = await request(author.cookie, { url: `/v2/collections/${id}` });
    expect(read.statusCode).toBe(404);
    expect(await testApp().db.$count(links, eq(links.id, own))).toBe(1);
    const reused = await create(author.cookie, { title: 'Again', linkIds: [], aliasCode: 'x1y' });
    expect(reused.statusCode).toBe(201);
  });
});

describe('changing a collection’s alias', () => {
  function update(cookie: string, id: string, payload: object) {
    return request(cookie, { method: 'PUT', url: `/v2/collections/${id}`, payload });
  }

  /** The collection page on the short-link host, as a reader opens it. */
  async function openOnShortLinkHost(alias: string): Promise<number> {
    const { host, close } = await buildTestShortLinkHost(testApp());
    try {
      return (await host.inject({ url: `/c/${alias}` })).statusCode;
    } finally {
      await close();
    }
  }

  test('moves the collection to a free alias; the old one stops answering and is free again', async () => {
    const author = await signedIn(authorEmail);
    const created = await create(author.cookie, {
      title: 'Trilogy',
      linkIds: [],
      aliasCode: 'old-alias',
    });
    const { id } = created.json<{ id: string }>();
    expect(await openOnShortLinkHost('old-alias')).toBe(200);

    const reply = await update(author.cookie, id, {
      title: 'Trilogy',
      linkIds: [],
      aliasCode: 'New-Alias',
    });

    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      aliasCode: 'New-Alias',
      shortUrl: 'https://shelf.to/c/New-Alias',
    });
    expect(await openOnShortLinkHost('old-alias')).toBe(404);
    expect(await openOnShortLinkHost('new-alias')).toBe(200);
    const availability = await request(author.cookie, {
      url: '/v1/vanity-codes/availability?domain=&code=old-alias',
    });
    expect(availability.json()).toEqual({
      isAvailable: true,
      shortUrl: 'https://shelf.to/c/old-alias',
    });
  });

  test('keeps the alias when it is left out or the same in another letter case', async () => {
    const author = await signedIn(authorEmail);
    const created = await create(author.cookie, {
      title: 'Box',
      linkIds: [],
      aliasCode: 'box-set',
    });
    const { id } = created.json<{ id: string }>();

    const leftOut = await update(author.cookie, id, { title: 'Box', linkIds: [] });
    const recased = await update(author.cookie, id, {
      title: 'Box',
      linkIds: [],
      aliasCode: 'Box-Set',
    });

    expect(leftOut.json()).toMatchObject({ aliasCode: 'box-set' });
    expect(recased.statusCode).toBe(200);
    expect(recased.json()).toMatchObject({ aliasCode: 'Box-Set' });
  });

  test('refuses an alias another collection has, changing nothing', async () => {
    const other = await signedIn(otherEmail);
    await create(other.cookie, { title: 'Audiobooks', linkIds: [], aliasCode: 'audiobooks' });
    const author = await signedIn(authorEmail);
    const created = await create(author.cookie, { title: 'Mine', linkIds: [], aliasCode: 'mine' });
    const { id } = created.json<{ id: string }>();

    const reply = await update(author.cookie, id, {
      title: 'Renamed',
      linkIds: [],
      aliasCode: 'AudioBooks',
    });

    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toEqual({
      responseStatus: {
        errorCode: 'VanityCodeTaken',
        message: aliasTaken,
        errors: [{ fieldName: 'AliasCode', errorCode: 'VanityCodeTaken', message: aliasTaken }],
      },
    });
    const read = await request(author.cookie, { url: `/v2/collections/${id}` });
    expect(read.json()).toMatchObject({ title: 'Mine', aliasCode: 'mine' });
  });

  test('refuses a malformed alias with 400 at the field', async () => {
    const author = await signedIn(authorEmail);
    const created = await create(author.cookie, { title: 'Mine', linkIds: [], aliasCode: 'mine' });
    const { id } = created.json<{ id: string }>();

    const reply = await update(author.cookie, id, {
      title: 'Mine',
      linkIds: [],
      aliasCode: 'no spaces!',
    });

    expect(reply.statusCode).toBe(400);
    expect(JSON.stringify(reply.json())).toMatch(/aliasCode/i);
    const read = await request(author.cookie, { url: `/v2/collections/${id}` });
    expect(read.json()).toMatchObject({ aliasCode: 'mine' });
  });

  test('an empty alias serves the collection at its id', async () => {
    const author = await signedIn(authorEmail);
    const created = await create(author.cookie, { title: 'Mine', linkIds: [], aliasCode: 'mine' });
    const { id } = created.json<{ id: string }>();

    const reply = await update(author.cookie, id, { title: 'Mine', linkIds: [], aliasCode: '' });

    expect(reply.json()).toMatchObject({ aliasCode: '', shortUrl: `https://shelf.to/c/${id}` });
    expect(await openOnShortLinkHost('mine')).toBe(404);
    expect(await openOnShortLinkHost(id)).toBe(200);
  });
});

describe("someone else's collection", () => {
  test('is not found, to read, change or delete', async () => {
    const author = await signedIn(authorEmail);
    const created = await create(author.cookie, { title: 'Maya’s', linkIds: [], aliasCode: '' });
    const url = `/v2/collections/${created.json<{ id: string }>().id}`;
    const other = await signedIn(otherEmail);

    const replies = await Promise.all([
      request(other.cookie, { url }),
      request(other.cookie, { method: 'PUT', url, payload: { title: 'Taken', linkIds: [] } }),
      request(other.cookie, { method: 'DELETE', url }),
    ]);

    expect(replies.map(({ statusCode }) => statusCode)).toEqual([404, 404, 404]);
    const read = await request(author.cookie, { url });
    expect(read.json()).toMatchObject({ title: 'Maya’s' });
  });
});

test('every collection operation needs a session', async () => {
  const replies = await Promise.all([
    testApp().app.inject({ url: '/v2/collections/list' }),
    testApp().app.inject({ url: '/v2/collections/col_x' }),
    testApp().app.inject({
      method: 'POST',
      url: '/v2/collections',
      payload: { title: 'T', linkIds: [], aliasCode: '' },
    }),
    testApp().app.inject({
      method: 'PUT',
      url: '/v2/collections/col_x',
      payload: { title: 'T', linkIds: [] },
    }),
    testApp().app.inject({ method: 'DELETE', url: '/v2/collections/col_x' }),
  ]);

  expect(replies.map(({ statusCode }) => statusCode)).toEqual([401, 401, 401, 401, 401]);
});
