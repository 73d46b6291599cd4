import type { BrowserContext, Page } from '@playwright/test';
import {
  appOrigin,
  expect,
  preferMock,
  readWebStorage,
  SESSION_COOKIE,
  test,
} from '../support/fixtures';

const signInToken = 'sl_9f2c41d7b8e34a6c';

/** The header offers signing in, and the browser keeps no session. */
async function expectSignedOut(page: Page) {
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  expect(await page.evaluate(() => window.sessionStorage.getItem('shelflink.session'))).toBeNull();
}

/** Asks for a sign-in link on the open sign-in page, then opens the link as the mail would. */
async function signInByEmailedLink(page: Page, context: BrowserContext) {
  await page.getByRole('textbox', { name: 'E-mail address' }).fill('maya.okafor@example.com');
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await expect(page.getByRole('status')).toBeVisible();
  await context.addCookies([
    { name: SESSION_COOKIE, value: 'e2e-login', url: appOrigin, httpOnly: true },
  ]);
  await preferMock(page, '/auth/session', 'example=signedInAuthor');
  await page.goto(`/login/${signInToken}`);
}

test.describe('signing in', () => {
  test.use({ visitor: 'signed-out' });

  test('the form sends a sign-in link to a valid e-mail address', async ({ page }) => {
    await page.goto('/login');
    const email = page.getByRole('textbox', { name: 'E-mail address' });
    await email.fill('not-an-address');
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await expect(page.getByText('Enter an e-mail address like name@example.com.')).toBeVisible();
    await expect(email).toHaveValue('not-an-address');

    await email.fill('  maya.okafor@example.com ');
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/v1/signup/link'));
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    expect((await sent).postDataJSON()).toEqual({ email: 'maya.okafor@example.com' });
    await expect(page.getByRole('status')).toContainText(
      'We sent a sign-in link to maya.okafor@example.com',
    );
    expect(await page.evaluate(() => window.localStorage.getItem('shelflink.email'))).toBe(
      'maya.okafor@example.com',
    );
  });

  test('a sign-in link signs the author in and leaves no token behind', async ({
    page,
    context,
  }) => {
    // The mock cannot set its Secure cookie over plain http, so the browser gets it here.
    await context.addCookies([
      { name: SESSION_COOKIE, value: 'e2e-login', url: appOrigin, httpOnly: true },
    ]);
    await preferMock(page, '/auth/session', 'example=signedInAuthor');
    await page.goto('/');
    const login = page.waitForRequest((request) => request.url().endsWith('/api/v1/login'));
    await page.goto(`/login/${signInToken}`);
    expect((await login).postDataJSON()).toEqual({ token: signInToken });
    await expect(page).toHaveURL('/links/books');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

    const session = await page.evaluate(() => window.sessionStorage.getItem('shelflink.session'));
    expect(JSON.parse(session ?? '{}')).toMatchObject({ isAuthenticated: true, userId: '10482' });
    const webStorage = await readWebStorage(page);
    expect(webStorage).not.toContain('8Fq2LmZp0sVwX4cT');
    expect(webStorage).not.toContain(signInToken);

    await page.goBack();
    await expect(page).toHaveURL('/');
    expect(page.url()).not.toContain(signInToken);
  });

  for (const [example, message] of [
    ['tokenExpired', 'That sign-in link has expired.'],
    ['blankSessionId', 'That sign-in link did not work.'],
  ] as const) {
    test(`a failed sign-in (${example}) stays signed out and offers a new link`, async ({
      page,
    }) => {
      await preferMock(page, '/v1/login', `example=${example}`);
      await page.goto(`/login/${signInToken}`);
      await expect(page).toHaveURL(/\/login\?failed=/);
      expect(page.url()).not.toContain(signInToken);
      await expect(page.getByRole('alert')).toContainText(message);
      await expect(page.getByRole('button', { name: 'E-mail me a sign-in link' })).toBeVisible();
      await expectSignedOut(page);
    });
  }

  test('after signing in the author returns to the page that asked', async ({ page, context }) => {
    await page.goto('/settings');
    await expect(page).toHaveURL('/login?redirect=%2Fsettings');
    await signInByEmailedLink(page, context);
    await expect(page).toHaveURL('/settings');
  });

  test('a hostile redirect target is ignored', async ({ page, context }) => {
    await page.goto('/login?redirect=//evil.example/steal');
    await signInByEmailedLink(page, context);
    await expect(page).toHaveURL('/links/books');
  });

  test('confirming a registration claims the pending link', async ({ page, context }) => {
    await context.addCookies([
      { name: SESSION_COOKIE, value: 'e2e-confirm', url: appOrigin, httpOnly: true },
    ]);
    await preferMock(page, '/auth/session', 'example=signedInAuthor');
    const claim = page.waitForRequest((request) => request.url().endsWith('/api/v1/links/pending'));
    await page.goto('/confirm/cf_5b7e0a9d2c6f4e18');
    expect((await claim).postDataJSON()).toEqual({ token: 'cf_5b7e0a9d2c6f4e18' });
    await expect(page).toHaveURL('/links/books');
    await expect(page.getByText('shelf.to/salt-orchard is now in your account.')).toBeVisible();
    expect(await readWebStorage(page)).not.toContain('cf_5b7e0a9d2c6f4e18');
  });
});

test.describe('signing out', () => {
  test('ends the session on the server and in the browser', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await preferMock(page, /^\/api\/auth(\/session)?$/, 'example=signedOut');
    const logout = page.waitForRequest((request) => request.url().endsWith('/api/auth/logout'));
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await logout;
    await expect(page).toHaveURL('/');
    await expectSignedOut(page);
  });
});

test.describe('a rejected session on a later call', () => {
  test('a 401 clears the session and goes home', async ({ page }) => {
    await page.goto('/links/books');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your links');
    await preferMock(page, '/v2/collections/list', 'code=401, example=unauthenticated');
    // The server has ended the session, so the start-up check that follows answers signed out.
    await preferMock(page, '/auth', 'example=signedOut');
    await page
      .getByRole('navigation', { name: 'Your links' })
      .getByRole('link', { name: 'Collections' })
      .click();
    await expect(page).toHaveURL('/');
    await expectSignedOut(page);
  });

  test('a 403 means "not allowed": the author stays signed in, on the page', async ({ page }) => {
    await page.goto('/links/books');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your links');
    await preferMock(page, '/v2/collections/list', 'code=403, example=forbidden');
    await page
      .getByRole('navigation', { name: 'Your links' })
      .getByRole('link', { name: 'Collections' })
      .click();
    await expect(page).toHaveURL('/links/collections');
    await expect(page.getByText('You do not have access to this.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });

  test('a 403 from the session check clears the session', async ({ page }) => {
    await page.goto('/links/books');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your links');
    await preferMock(page, '/auth/session', 'code=403, example=forbidden');
    await preferMock(page, '/auth', 'example=signedOut');
    await page
      .getByRole('navigation', { name: 'Your links' })
      .getByRole('link', { name: 'Collections' })
      .click();
    await expect(page).not.toHaveURL('/links/collections');
    await expectSignedOut(page);
  });
});

test.describe('a session that ends between navigations', () => {
  test('is noticed on the next navigation, which ends on the sign-in page', async ({ page }) => {
    await page.goto('/links/books');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your links');
    await preferMock(page, /^\/api\/auth(\/session)?$/, 'example=signedOut');
    const check = page.waitForRequest((request) => request.url().endsWith('/api/auth/session'));
    await page
      .getByRole('navigation', { name: 'Your links' })
      .getByRole('link', { name: 'Collections' })
      .click();
    await check;
    await expect(page).toHaveURL('/login?redirect=%2Flinks%2Fcollections');
    await expectSignedOut(page);
  });
});
