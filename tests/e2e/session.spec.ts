import type { BrowserContext, Page } from '@playwright/test';
import {
  apiCall,
  appOrigin,
  expect,
  isApiCall,
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

/** The one button of a mailed link's screen, which alone signs in. */
function continueButton(page: Page) {
  return page.getByRole('button', { name: 'Continue', exact: true });
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
  await continueButton(page).click();
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
    const logins: unknown[] = [];
    page.on('request', (request) => {
      if (isApiCall(request, 'POST', '/v1/login')) logins.push(request.postDataJSON());
    });
    const preview = page.waitForRequest(apiCall('POST', '/v1/login/preview'));
    await page.goto(`/login/${signInToken}`);
    // Only whom the link is for is read, with the token in the body, not the address.
    expect((await preview).postDataJSON()).toEqual({ token: signInToken });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Continue as maya.okafor@example.com?',
    );
    await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
    expect(logins).toEqual([]);

    await continueButton(page).click();
    await expect(page).toHaveURL('/links/books');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

    const session = await page.evaluate(() => window.sessionStorage.getItem('shelflink.session'));
    expect(JSON.parse(session ?? '{}')).toMatchObject({ isAuthenticated: true, userId: '10482' });
    const webStorage = await readWebStorage(page);
    expect(webStorage).not.toContain('8Fq2LmZp0sVwX4cT');
    expect(webStorage).not.toContain(signInToken);

    expect(logins).toEqual([{ token: signInToken }]);

    await page.goBack();
    await expect(page).toHaveURL('/');
    expect(page.url()).not.toContain(signInToken);
  });

  test('a link that no longer works says so on the sign-in page, before any button', async ({
    page,
  }) => {
    await preferMock(page, '/v1/login/preview', 'code=410, example=tokenExpired');
    await page.goto(`/login/${signInToken}`);
    await expect(page).toHaveURL('/login?failed=expired');
    await expect(page.getByRole('alert')).toContainText('That sign-in link has expired.');
    await expect(continueButton(page)).toHaveCount(0);
    await expectSignedOut(page);
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
      await continueButton(page).click();
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
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Continue as maya.okafor@example.com?',
    );
    await continueButton(page).click();
    expect((await claim).postDataJSON()).toEqual({ token: 'cf_5b7e0a9d2c6f4e18' });
    await expect(page).toHaveURL('/links/books');
    await expect(page.getByText('shelf.to/salt-orchard is now in your account.')).toBeVisible();
    expect(await readWebStorage(page)).not.toContain('cf_5b7e0a9d2c6f4e18');
  });
});

test.describe('a sign-in link planted on another site', () => {
  test.use({ visitor: 'administrator' });

  test('does not replace the session of someone signed in unless they continue', async ({
    page,
  }) => {
    const spent: string[] = [];
    page.on('request', (request) => {
      if (
        isApiCall(request, 'POST', '/v1/login') ||
        isApiCall(request, 'POST', '/v1/links/pending')
      )
        spent.push(request.url());
    });
    await page.goto(`/login/${signInToken}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Continue as maya.okafor@example.com?',
    );
    await expect(page.getByText('Continuing will sign you out of')).toHaveText(
      'Continuing will sign you out of ines.duarte@shelflink.app.',
    );
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

    await page.goto('/confirm/cf_5b7e0a9d2c6f4e18');
    await expect(page.getByText('Continuing will sign you out of')).toBeVisible();
    await page.goto('/');

    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    const session = await page.evaluate(() => window.sessionStorage.getItem('shelflink.session'));
    expect(JSON.parse(session ?? '{}')).toMatchObject({
      isAuthenticated: true,
      email: 'ines.duarte@shelflink.app',
    });
    expect(spent).toEqual([]);
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

  test('a 403 from an API read clears the session and goes home, as a 401 does', async ({
    page,
  }) => {
    await page.goto('/links/books');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your links');
    await preferMock(page, '/v2/collections/list', 'code=403, example=forbidden');
    await preferMock(page, '/auth', 'example=signedOut');
    const refused = page.waitForResponse(
      (response) =>
        isApiCall(response.request(), 'GET', '/v2/collections/list') && response.status() === 403,
    );
    await page
      .getByRole('navigation', { name: 'Your links' })
      .getByRole('link', { name: 'Collections' })
      .click();
    await refused;
    await expect(page).toHaveURL('/');
    await expectSignedOut(page);
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
