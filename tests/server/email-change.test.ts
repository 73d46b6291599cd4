import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, test } from 'vitest';
import { emailChanges, users } from '../../src/server/db/schema';
import { adminEmail, sessionCookieOf, setUpTestApp, signIn } from './support/test-app';

const testApp = setUpTestApp();
const authorEmail = 'jonah.reyes@example.com';
const newEmail = 'jonah@reyesbooks.example';
const preferences = { weeklyReport: false, productNews: false, defaultStorefront: 'US' };
const hour = 60 * 60 * 1000;

async function signedIn(email: string) {
  const login = await signIn(testApp(), email);
  return {
    cookie: sessionCookieOf(login),
    userId: Number(login.json<{ userId: string }>().userId),
  };
}

function request(headers: Record<string, string>, options: InjectOptions) {
  return testApp().app.inject({ ...options, headers });
}

function askForChange(cookie: string, email: string, extraHeaders: Record<string, string> = {}) {
  return request(
    { cookie, ...extraHeaders },
    { method: 'PUT', url: '/v2/account', payload: { email, name: 'Jonah Reyes', preferences } },
  );
}

function confirm(token: string, headers: Record<string, string> = {}) {
  return request(headers, {
    method: 'POST',
    url: '/v2/account/email-confirmation',
    payload: { token },
  });
}

/** The token in the last confirmation link mailed to the address. */
function mailedToken(email: string): string {
  const message = testApp().mail.findLast((sent) => sent.to === email);
  const [origin, token] = message?.actionUrl.split('/confirm-email/') ?? [];
  if (origin !== 'https://app.shelflink.test' || token === undefined) {
    throw new Error(`No confirmation link was mailed to ${email}`);
  }
  return token;
}

describe('asking for a new e-mail address', () => {
  test('keeps the address in force, mails a link to the new one and a notice to the old', async () => {
    const author = await signedIn(authorEmail);
    const requestedAt = testApp().clock.now();

    const reply = await askForChange(author.cookie, 'Jonah@ReyesBooks.example');

    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      email: authorEmail,
      name: 'Jonah Reyes',
      pendingEmail: {
        address: newEmail,
        requestedAt: requestedAt.toISOString(),
        expiresAt: new Date(requestedAt.getTime() + 24 * hour).toISOString(),
      },
    });
    const [toNew, toOld] = testApp().mail.slice(-2);
    expect(toNew).toMatchObject({
      to: newEmail,
      subject: expect.stringContaining('Confirm') as string,
    });
    expect(toNew?.text).toContain(toNew?.actionUrl);
    expect(toOld).toMatchObject({
      to: authorEmail,
      actionUrl: 'https://app.shelflink.test/account',
    });
    expect(toOld?.text).toContain(newEmail);
    expect(toOld?.text).not.toContain('/confirm-email/');
    const [stored] = await testApp().db.select().from(emailChanges);
    expect(stored?.tokenHash).not.toBe(mailedToken(newEmail));
    const read = await request({ cookie: author.cookie }, { url: '/v2/account' });
    expect(read.json()).toMatchObject({ email: authorEmail, pendingEmail: { address: newEmail } });
  });

  test('replaces the pending change when asked again', async () => {
    const author = await signedIn(authorEmail);
    await askForChange(author.cookie, newEmail);
    const firstToken = mailedToken(newEmail);

    const again = await askForChange(author.cookie, 'jonah@elsewhere.example');

    expect(again.json()).toMatchObject({ pendingEmail: { address: 'jonah@elsewhere.example' } });
    const stale = await confirm(firstToken);
    expect(stale.statusCode).toBe(404);
    expect(stale.json()).toMatchObject({ responseStatus: { errorCode: 'TokenNotFound' } });
  });

  test('does not tell whether the address has an account; the mailbox learns it', async () => {
    const author = await signedIn(authorEmail);
    await signedIn(newEmail);

    const reply = await askForChange(author.cookie, newEmail);

    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ email: authorEmail, pendingEmail: { address: newEmail } });
    const toNew = testApp().mail.findLast((sent) => sent.to === newEmail);
    expect(toNew?.actionUrl).toBe('https://app.shelflink.test/login');
    expect(toNew?.text).toContain('already has a Shelflink account');
  });

  test('is refused while an administrator acts as the author, who may still be renamed', async () => {
    const author = await signedIn(authorEmail);
    const admin = await signedIn(adminEmail);
    const asAuthor = { 'x-impersonate': String(author.userId) };
    const mailBefore = testApp().mail.length;

    const change = await askForChange(admin.cookie, newEmail, asAuthor);
    const cancel = await request(
      { cookie: admin.cookie, ...asAuthor },
      { method: 'DELETE', url: '/v2/account/pending-email' },
    );
    const rename = await askForChange(admin.cookie, authorEmail, asAuthor);

    expect(change.statusCode).toBe(403);
    expect(change.json()).toMatchObject({ responseStatus: { errorCode: 'Forbidden' } });
    expect(cancel.statusCode).toBe(403);
    expect(rename.statusCode).toBe(200);
    expect(rename.json()).toMatchObject({ email: authorEmail, name: 'Jonah Reyes' });
    expect(testApp().mail.length).toBe(mailBefore);
    expect(await testApp().db.$count(emailChanges)).toBe(0);
  });

  test('refuses an address no link could reach, at the field', async () => {
    const author = await signedIn(authorEmail);

    const reply = await askForChange(author.cookie, 'jonah@|.reyes|books,0a');

    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      responseStatus: { errors: [{ fieldName: 'Email', errorCode: 'Format' }] },
    });
    expect(await testApp().db.$count(emailChanges)).toBe(0);
  });

  test('is limited per account', async () => {
    const author = await signedIn(authorEmail);
    const replies = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      replies.push(await askForChange(author.cookie, `jonah+${attempt}@example.com`));
    }

    expect(replies.map(({ statusCode }) => statusCode)).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('confirming the new address', () => {
  test('puts it in force once, without a session, keeping the sessions valid', async () => {
    const author = await signedIn(authorEmail);
    await askForChange(author.cookie, newEmail);
    const token = mailedToken(newEmail);

    const confirmed = await confirm(token);
    const again = await confirm(token);

    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ userId: String(author.userId), email: newEmail });
    expect(confirmed.json()).not.toHaveProperty('pendingEmail');
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ responseStatus: { errorCode: 'TokenUsed' } });
    const session = await request({ cookie: author.cookie }, { url: '/auth/session' });
    expect(session.json()).toMatchObject({ userId: String(author.userId), email: newEmail });
    const signInAtNew = await signedIn(newEmail);
    expect(signInAtNew.userId).toBe(author.userId);
  });

  test('applies to the account the link was made for, whoever is signed in', async () => {
    const author = await signedIn(authorEmail);
    const other = await signedIn('maya.okafor@example.com');
    await askForChange(author.cookie, newEmail);

    const confirmed = await confirm(mailedToken(newEmail), { cookie: other.cookie });

    expect(confirmed.json()).toMatchObject({ userId: String(author.userId), email: newEmail });
    const [otherUser] = await testApp().db.select().from(users).where(eq(users.id, other.userId));
    expect(otherUser?.email).toBe('maya.okafor@example.com');
  });

  test('refuses an expired link, a cancelled one and an unknown one', async () => {
    const author = await signedIn(authorEmail);
    await askForChange(author.cookie, newEmail);
    const expiring = mailedToken(newEmail);
    testApp().clock.advance(24 * hour);

    const expired = await confirm(expiring);
    const afterExpiry = await request({ cookie: author.cookie }, { url: '/v2/account' });
    await askForChange(author.cookie, newEmail);
    const cancelledToken = mailedToken(newEmail);
    const cancel = await request(
      { cookie: author.cookie },
      { method: 'DELETE', url: '/v2/account/pending-email' },
    );
    const cancelled = await confirm(cancelledToken);
    const unknown = await confirm('not-a-token-we-made');

    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ responseStatus: { errorCode: 'TokenExpired' } });
    expect(afterExpiry.json()).not.toHaveProperty('pendingEmail');
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ email: authorEmail });
    expect(cancel.json()).not.toHaveProperty('pendingEmail');
    expect(cancelled.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    const [user] = await testApp().db.select().from(users).where(eq(users.id, author.userId));
    expect(user?.email).toBe(authorEmail);
  });

  test('refuses an address that became another account meanwhile, keeping the link', async () => {
    const author = await signedIn(authorEmail);
    await askForChange(author.cookie, newEmail);
    const token = mailedToken(newEmail);
    const other = await signedIn(newEmail);

    const taken = await confirm(token);

    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      responseStatus: {
        errorCode: 'EmailTaken',
        errors: [{ fieldName: 'Email', errorCode: 'EmailTaken' }],
      },
    });
    await testApp().db.delete(users).where(eq(users.id, other.userId));
    expect((await confirm(token)).statusCode).toBe(200);
  });
});
