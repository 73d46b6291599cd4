import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, test } from 'vitest';
import { legacyLinks, links, users } from '../../src/server/db/schema';
import { sessionCookieOf, setUpTestApp, signIn } from './support/test-app';

const testApp = setUpTestApp();
const authorEmail = 'jonah.reyes@example.com';

async function signedIn(email: string) {
  const login = await signIn(testApp(), email);
  return {
    cookie: sessionCookieOf(login),
    userId: Number(login.json<{ userId: string }>().userId),
  };
}

function request(cookie: string, options: InjectOptions) {
  return testApp().app.inject({ ...options, headers: { cookie } });
}

describe('the account', () => {
  test('shows the e-mail, plan and preferences', async () => {
    const author = await signedIn(authorEmail);

    const reply = await request(author.cookie, { url: '/v2/account' });

    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      userId: String(author.userId),
      email: authorEmail,
      name: '',
      plan: 'standard',
      canUpgrade: false,
      subscribed: false,
      preferences: { weeklyReport: false, productNews: false, defaultStorefront: 'US' },
      createdAt: expect.any(String) as string,
    });
  });

  test('saves a new name and preferences', async () => {
    const author = await signedIn(authorEmail);
    const preferences = { weeklyReport: true, productNews: true, defaultStorefront: 'GB' };

    const reply = await request(author.cookie, {
      method: 'PUT',
      url: '/v2/account',
      payload: { email: 'Jonah.Reyes@example.com', name: '  Jonah Reyes ', preferences },
    });

    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ email: authorEmail, name: 'Jonah Reyes', preferences });
    const read = await request(author.cookie, { url: '/v2/account' });
    expect(read.json()).toMatchObject({ name: 'Jonah Reyes', preferences });
  });

  test('refuses invalid preferences, saving nothing', async () => {
    const author = await signedIn(authorEmail);
    const preferences = { weeklyReport: true, productNews: false, defaultStorefront: 'gb' };

    const badStorefront = await request(author.cookie, {
      method: 'PUT',
      url: '/v2/account',
      payload: { email: authorEmail, name: 'Jonah', preferences },
    });

    expect(badStorefront.statusCode).toBe(400);
    expect(badStorefront.json()).toMatchObject({
      responseStatus: {
        errors: [{ fieldName: 'Preferences.defaultStorefront', errorCode: 'Format' }],
      },
    });
    const read = await request(author.cookie, { url: '/v2/account' });
    expect(read.json()).toMatchObject({ email: authorEmail, name: '' });
  });

  test('subscribes to product updates, harmlessly twice', async () => {
    const author = await signedIn(authorEmail);

    const replies = [
      await request(author.cookie, { method: 'POST', url: '/v1/users/subscribe' }),
      await request(author.cookie, { method: 'POST', url: '/v1/users/subscribe', payload: {} }),
    ];

    for (const reply of replies) expect(reply.json()).toEqual({ subscribed: true });
    const read = await request(author.cookie, { url: '/v2/account' });
    expect(read.json()).toMatchObject({ subscribed: true });
  });
});

describe('upgrading from the previous link product', () => {
  const day = 24 * 60 * 60 * 1000;

  async function legacyAuthor() {
    const author = await signedIn(authorEmail);
    await testApp().db.update(users).set({ plan: 'legacy' }).where(eq(users.id, author.userId));
    const createdAt = new Date(Date.parse('2019-03-08T11:00:00Z'));
    await testApp()
      .db.insert(legacyLinks)
      .values([
        {
          email: authorEmail,
          domain: 'shelf.to',
          code: 'tide',
          url: 'https://www.amazon.com/dp/1',
          title: 'Low Tide',
          clickCount: 12,
          createdAt,
        },
        {
          email: authorEmail,
          domain: 'shelf.to',
          code: 'Taken',
          url: 'https://www.amazon.com/dp/2',
          clickCount: 3,
          createdAt,
        },
        {
          email: authorEmail,
          domain: 'shelf.to',
          code: 'admin',
          url: 'https://www.amazon.com/dp/4',
          clickCount: 5,
          createdAt,
        },
        {
          email: 'someone.else@example.com',
          domain: 'shelf.to',
          code: 'theirs',
          url: 'https://www.amazon.com/dp/3',
          createdAt,
        },
      ]);
    return author;
  }

  test('moves the links, with fresh codes for those whose code is taken or reserved', async () => {
    const author = await legacyAuthor();
    const other = await signedIn('maya.okafor@example.com');
    await testApp().db.insert(links).values({
      id: 'lnk_taken',
      ownerId: other.userId,
      domain: 'shelf.to',
      code: 'taken',
      baseCode: 'taken',
      url: 'https://books.apple.com/us/book/taken/id1',
    });
    const before = await request(author.cookie, { url: '/v2/account' });
    testApp().clock.advance(day);

    const reply = await request(author.cookie, { method: 'POST', url: '/v1/upgrade' });

    expect(before.json()).toMatchObject({ plan: 'legacy', canUpgrade: true });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      alreadyUpgraded: false,
      migratedLinks: 3,
      skippedLinks: 0,
      plan: 'standard',
    });
    const moved = await testApp()
      .db.select()
      .from(links)
      .where(eq(links.ownerId, author.userId))
      .orderBy(links.clickCount);
    const generatedCode = expect.stringMatching(/^[a-z2-9]{7}$/) as string;
    expect(moved).toEqual([
      expect.objectContaining({ code: generatedCode, clickCount: 3 }),
      expect.objectContaining({ code: generatedCode, clickCount: 5 }),
      expect.objectContaining({
        domain: 'shelf.to',
        code: 'tide',
        baseCode: 'tide',
        url: 'https://www.amazon.com/dp/1',
        title: 'Low Tide',
        clickCount: 12,
        createdAt: new Date('2019-03-08T11:00:00Z'),
      }),
    ]);
    const legacy = await testApp().db.select().from(legacyLinks).orderBy(legacyLinks.id);
    expect(legacy.map(({ migratedLinkId }) => migratedLinkId)).toEqual([
      moved[2]?.id,
      moved[0]?.id,
      moved[1]?.id,
      null,
    ]);
    expect(legacy[0]?.migratedAt).toEqual(testApp().clock.now());
    const [user] = await testApp().db.select().from(users).where(eq(users.id, author.userId));
    expect(user).toMatchObject({ plan: 'standard', upgradedAt: testApp().clock.now() });
    const after = await request(author.cookie, { url: '/v2/account' });
    expect(after.json()).toMatchObject({ plan: 'standard', canUpgrade: false });
  });

  test('a second time moves nothing and says the account already upgraded', async () => {
    const author = await legacyAuthor();
    await request(author.cookie, { method: 'POST', url: '/v1/upgrade' });
    const upgradedAt = testApp().clock.now();
    testApp().clock.advance(day);

    const again = await request(author.cookie, { method: 'POST', url: '/v1/upgrade', payload: {} });

    expect(again.json()).toEqual({
      alreadyUpgraded: true,
      migratedLinks: 0,
      skippedLinks: 0,
      plan: 'standard',
    });
    expect(await testApp().db.$count(links, eq(links.ownerId, author.userId))).toBe(3);
    const [user] = await testApp().db.select().from(users).where(eq(users.id, author.userId));
    expect(user?.upgradedAt).toEqual(upgradedAt);
  });

  test('twice at once moves each link once', async () => {
    const author = await legacyAuthor();

    const replies = await Promise.all([
      request(author.cookie, { method: 'POST', url: '/v1/upgrade' }),
      request(author.cookie, { method: 'POST', url: '/v1/upgrade' }),
    ]);

    const moved = replies.map((reply) => reply.json<{ migratedLinks: number }>().migratedLinks);
    expect(moved.sort()).toEqual([0, 3]);
    expect(await testApp().db.$count(links, eq(links.ownerId, author.userId))).toBe(3);
  });

  test('leaves behind the links whose destination Shelflink would not redirect to', async () => {
    const author = await signedIn(authorEmail);
    const unsafe = [
      'ftp://example.com/x',
      'javascript:alert(1)',
      'data:text/html,x',
      'http://169.254.169.254/',
    ];
    await testApp()
      .db.insert(legacyLinks)
      .values(
        [...unsafe, 'https://www.amazon.com/dp/1'].map((url, index) => ({
          email: authorEmail,
          domain: 'shelf.to',
          code: `old${index}`,
          url,
          createdAt: new Date('2019-03-08T11:00:00Z'),
        })),
      );

    const reply = await request(author.cookie, { method: 'POST', url: '/v1/upgrade' });

    expect(reply.json()).toEqual({
      alreadyUpgraded: false,
      migratedLinks: 1,
      skippedLinks: 4,
      plan: 'standard',
    });
    const moved = await testApp().db.select().from(links);
    expect(moved).toEqual([
      expect.objectContaining({ code: 'old4', url: 'https://www.amazon.com/dp/1' }),
    ]);
    const legacy = await testApp().db.select().from(legacyLinks).orderBy(legacyLinks.id);
    expect(legacy.map(({ migratedLinkId }) => migratedLinkId)).toEqual([
      null,
      null,
      null,
      null,
      moved[0]?.id,
    ]);
    const after = await request(author.cookie, { url: '/v2/account' });
    expect(after.json()).toMatchObject({ canUpgrade: false });
    const again = await request(author.cookie, { method: 'POST', url: '/v1/upgrade' });
    expect(again.json()).toEqual({
      alreadyUpgraded: true,
      migratedLinks: 0,
      skippedLinks: 0,
      plan: 'standard',
    });
    expect(await testApp().db.$count(links)).toBe(1);
  });

  test('of an account whose legacy links all lead nowhere moves none and stops offering it', async () => {
    const author = await signedIn(authorEmail);
    await testApp()
      .db.insert(legacyLinks)
      .values({
        email: authorEmail,
        domain: 'shelf.to',
        code: 'old',
        url: 'javascript:alert(1)',
        createdAt: new Date('2019-03-08T11:00:00Z'),
      });

    const reply = await request(author.cookie, { method: 'POST', url: '/v1/upgrade' });

    expect(reply.json()).toEqual({
      alreadyUpgraded: false,
      migratedLinks: 0,
      skippedLinks: 1,
      plan: 'standard',
    });
    expect(await testApp().db.$count(links)).toBe(0);
    const after = await request(author.cookie, { url: '/v2/account' });
    expect(after.json()).toMatchObject({ plan: 'standard', canUpgrade: false });
  });

  test('of an account without legacy links only records the upgrade', async () => {
    const author = await signedIn('new.author@example.com');

    const reply = await request(author.cookie, { method: 'POST', url: '/v1/upgrade' });

    expect(reply.json()).toEqual({
      alreadyUpgraded: false,
      migratedLinks: 0,
      skippedLinks: 0,
      plan: 'standard',
    });
    expect(await testApp().db.$count(links)).toBe(0);
  });
});

test('every account operation needs a session', async () => {
  const { app } = testApp();
  const replies = await Promise.all([
    app.inject({ url: '/v2/account' }),
    app.inject({
      method: 'PUT',
      url: '/v2/account',
      payload: {
        email: authorEmail,
        name: '',
        preferences: { weeklyReport: false, productNews: false, defaultStorefront: 'US' },
      },
    }),
    app.inject({ method: 'POST', url: '/v1/users/subscribe' }),
    app.inject({ method: 'POST', url: '/v1/upgrade' }),
  ]);

  expect(replies.map(({ statusCode }) => statusCode)).toEqual([401, 401, 401, 401]);
});
