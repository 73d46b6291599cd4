import { describe, expect, test } from 'vitest';
import { affiliateTokens, links, users } from '../../src/server/db/schema';
import { lastSignInToken, sessionCookieOf, setUpTestApp, signIn } from './support/test-app';

const testApp = setUpTestApp();
const email = 'maya.okafor@example.com';
const hour = 60 * 60 * 1000;
const day = 24 * hour;

const url = 'https://books.apple.com/us/book/the-salt-orchard/id6447301128';
const deviceMakerProgram = '9d3c1f7a-52b4-4c8e-a1f6-3e7b2d8c4a10';
const unsupportedProgram = '00000000-0000-0000-0000-000000000000';

function post(path: string, payload: object, headers: Record<string, string> = {}) {
  return testApp().app.inject({ method: 'POST', url: path, payload, headers });
}

function signup(payload: object = {}) {
  return post('/v1/signup', {
    email,
    url,
    code: 'salt-orchard',
    affiliateProgramGuid: unsupportedProgram,
    affiliateParameters: {},
    ...payload,
  });
}

/** Creates an unclaimed link as a signed-out visitor does, and returns the key that claims it. */
async function createUnclaimedLink(code = 'salt-orchard'): Promise<string> {
  const created = await post('/v1/links/unclaimed', { url, code });
  expect(created.statusCode).toBe(201);
  return created.json<{ claimKey: string }>().claimKey;
}

function claim(token: string) {
  return post('/v1/links/pending', { token });
}

/** The token in the last confirmation link e-mailed to the address. */
function lastConfirmationToken(address = email): string {
  const message = testApp().mail.findLast((sent) => sent.to === address);
  const token = message?.actionUrl.split('/confirm/')[1];
  if (token === undefined) throw new Error(`No confirmation link was e-mailed to ${address}`);
  return token;
}

describe('signing up to claim an unclaimed link', () => {
  test('moves the link into a new account and signs its author in', async () => {
    const claimKey = await createUnclaimedLink();

    const signedUp = await signup({
      claimKey,
      email: 'Maya.Okafor@Example.com',
      affiliateProgramGuid: deviceMakerProgram,
      affiliateParameters: { at: '1010lqW7' },
    });

    expect(signedUp.statusCode).toBe(200);
    expect(signedUp.json()).toEqual({
      email,
      pendingLink: { domain: 'shelf.to', code: 'salt-orchard', url },
    });
    const [message] = testApp().mail;
    expect(message).toMatchObject({ to: email });
    expect(message?.actionUrl).toMatch(/^https:\/\/app\.shelflink\.test\/confirm\/[\w-]{43}$/);
    expect(message?.text).toContain('https://shelf.to/salt-orchard');

    const claimed = await claim(lastConfirmationToken());

    expect(claimed.statusCode).toBe(200);
    const [user] = await testApp().db.select().from(users);
    expect(claimed.json()).toEqual({
      sessionId: expect.stringMatching(/^ses_/) as string,
      userName: email,
      userId: String(user?.id),
      email,
      roles: [],
      link: expect.objectContaining({
        code: 'salt-orchard',
        url,
        title: 'The Salt Orchard',
      }) as unknown,
    });
    const [link] = await testApp().db.select().from(links);
    expect(link).toMatchObject({ ownerId: user?.id, claimExpiresAt: null });
    expect(await testApp().db.select().from(affiliateTokens)).toEqual([
      expect.objectContaining({
        userId: user?.id,
        programGuid: deviceMakerProgram,
        parameters: { at: '1010lqW7' },
      }),
    ]);

    const listed = await testApp().app.inject({
      method: 'GET',
      url: '/v1/links/list',
      headers: { cookie: sessionCookieOf(claimed) },
    });
    expect(listed.json()).toMatchObject({
      results: [{ code: 'salt-orchard' }],
      page: { total: 1 },
    });
  });

  test('works once: a used confirmation link is not found', async () => {
    const claimKey = await createUnclaimedLink();
    await signup({ claimKey });
    const token = lastConfirmationToken();
    await claim(token);

    const reused = await claim(token);

    expect(reused.statusCode).toBe(404);
    expect(reused.json()).toMatchObject({ responseStatus: { errorCode: 'NotFound' } });
    expect(reused.cookies).toEqual([]);
  });

  test('refuses an expired or unknown token, and a sign-in token, creating no account', async () => {
    const claimKey = await createUnclaimedLink();
    await signup({ claimKey });
    await post('/v1/signup/link', { email: 'jonah.whitlock@example.com' });

    const signInToken = lastSignInToken(testApp(), 'jonah.whitlock@example.com');
    expect((await claim(signInToken)).statusCode).toBe(404);
    expect((await claim('cf_5b7e0a9d2c6f4e18')).statusCode).toBe(404);
    testApp().clock.advance(day);
    expect((await claim(lastConfirmationToken())).statusCode).toBe(404);
    expect(await testApp().db.$count(users)).toBe(0);
  });

  test('holds the link until the confirmation link expires, past its 30 days', async () => {
    const claimKey = await createUnclaimedLink();
    testApp().clock.advance(30 * day - hour);
    await signup({ claimKey });
    testApp().clock.advance(12 * hour);

    const claimed = await claim(lastConfirmationToken());

    expect(claimed.statusCode).toBe(200);
  });

  test('gives the link to an existing account, whose affiliate tokens the signup never changes', async () => {
    const login = await signIn(testApp(), email);
    const userId = Number(login.json<{ userId: string }>().userId);
    await testApp()
      .db.insert(affiliateTokens)
      .values({
        userId,
        programGuid: deviceMakerProgram,
        parameters: { at: '1000aaaa', ct: 'news' },
      });
    const claimKey = await createUnclaimedLink();
    await signup({
      claimKey,
      affiliateProgramGuid: deviceMakerProgram,
      affiliateParameters: { at: '1010lqW7' },
    });

    const claimed = await claim(lastConfirmationToken());

    expect(claimed.json()).toMatchObject({ userId: String(userId) });
    expect(await testApp().db.$count(users)).toBe(1);
    const [token] = await testApp().db.select().from(affiliateTokens);
    expect(token?.parameters).toEqual({ at: '1000aaaa', ct: 'news' });
  });

  test('saves no affiliate token for the Unsupported program', async () => {
    const claimKey = await createUnclaimedLink();
    await signup({ claimKey, affiliateParameters: { at: '1010lqW7' } });

    await claim(lastConfirmationToken());

    expect(await testApp().db.$count(affiliateTokens)).toBe(0);
  });

  test('refuses a device-maker token that does not start with 1, or a program it does not fit', async () => {
    const notStartingWith1 = await signup({
      affiliateProgramGuid: deviceMakerProgram,
      affiliateParameters: { at: '2010lqW7' },
    });
    const unknownProgram = await signup({
      affiliateProgramGuid: '11111111-2222-4333-8444-555555555555',
      affiliateParameters: { at: '1010lqW7' },
    });

    expect(notStartingWith1.statusCode).toBe(400);
    expect(notStartingWith1.json()).toMatchObject({
      responseStatus: { errors: [{ fieldName: 'AffiliateParameters.at' }] },
    });
    expect(unknownProgram.statusCode).toBe(400);
    expect(unknownProgram.json()).toMatchObject({
      responseStatus: { errors: [{ fieldName: 'AffiliateProgramGuid' }] },
    });
    expect(testApp().mail).toEqual([]);
    expect(await testApp().db.$count(links)).toBe(0);
  });

  test('creates the pending link when it is gone, or was never made with that code', async () => {
    const reply = await signup({ code: 'winter-orchard' });

    expect(reply.json()).toMatchObject({ pendingLink: { code: 'winter-orchard' } });
    const [link] = await testApp().db.select().from(links);
    expect(link).toMatchObject({ code: 'winter-orchard', ownerId: null });
  });

  test('answers 409 when the code belongs to an account or another destination', async () => {
    const login = await signIn(testApp(), 'jonah.whitlock@example.com');
    await post('/v1/links', { url, code: 'salt-orchard' }, { cookie: sessionCookieOf(login) });
    const claimKey = await createUnclaimedLink('winter-orchard');

    const owned = await signup();
    const otherDestination = await signup({
      claimKey,
      code: 'winter-orchard',
      url: 'https://www.amazon.com/dp/1250877415',
    });

    expect(owned.statusCode).toBe(409);
    expect(otherDestination.statusCode).toBe(409);
    expect(testApp().mail).toHaveLength(1);
  });

  test('hands the link over only with its claim key: its code and address are public', async () => {
    const claimKey = await createUnclaimedLink();

    const withoutKey = await signup({ email: 'taker@example.com' });
    const withAnotherKey = await signup({
      email: 'taker@example.com',
      claimKey: 'x'.repeat(claimKey.length),
    });

    expect(withoutKey.statusCode).toBe(409);
    expect(withAnotherKey.statusCode).toBe(409);
    expect(testApp().mail).toEqual([]);
    const [waiting] = await testApp().db.select().from(links);
    expect(waiting).toMatchObject({ code: 'salt-orchard', ownerId: null });

    expect((await signup({ claimKey })).statusCode).toBe(200);
    expect((await claim(lastConfirmationToken())).statusCode).toBe(200);
  });

  test('keeps only the claim key’s hash, and forgets it once the link is claimed', async () => {
    const claimKey = await createUnclaimedLink();
    expect(claimKey).toMatch(/^[\w-]{43}$/);
    const [unclaimed] = await testApp().db.select().from(links);
    expect(unclaimed?.claimKeyHash).toEqual(expect.any(String));
    expect(JSON.stringify(unclaimed)).not.toContain(claimKey);

    await signup({ claimKey });
    await claim(lastConfirmationToken());

    const [claimed] = await testApp().db.select().from(links);
    expect(claimed?.claimKeyHash).toBeNull();
  });

  test('shares the sign-in links’ limit of 5 e-mails an address per 15 minutes', async () => {
    const claimKey = await createUnclaimedLink();
    for (let sent = 0; sent < 3; sent++) await post('/v1/signup/link', { email });
    for (let sent = 0; sent < 2; sent++) expect((await signup({ claimKey })).statusCode).toBe(200);

    const limited = await signup({ claimKey });

    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe(String(15 * 60));
    expect(testApp().mail).toHaveLength(5);
  });

  test('a signup refused by the mail limit leaves no new unclaimed link behind', async () => {
    for (let sent = 0; sent < 5; sent++) await post('/v1/signup/link', { email });

    const limited = await signup({ code: 'never-kept' });

    expect(limited.statusCode).toBe(429);
    expect(await testApp().db.$count(links)).toBe(0);
  });

  test('refuses an address that would be stored as another host, sending no mail and keeping no code', async () => {
    const rewritten = 'https://books\\x.example.org/p';

    const unclaimed = await post('/v1/links/unclaimed', { url: rewritten, code: 'salt-orchard' });
    const signedUp = await signup({ url: rewritten });

    for (const reply of [unclaimed, signedUp]) {
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ responseStatus: { errors: [{ fieldName: 'Url' }] } });
    }
    expect(await testApp().db.$count(links)).toBe(0);
    expect(testApp().mail).toHaveLength(0);
  });
});
