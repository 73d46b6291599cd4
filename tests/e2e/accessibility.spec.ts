import type { Locator, Page, Request } from '@playwright/test';
import { expectNoAxeViolations, expectNoAxeViolationsInBothSchemes } from '../support/axe';
import { apiCall, expect, isApiCall, preferMock, test } from '../support/fixtures';

const SALT_ORCHARD_URL = 'https://books.apple.com/us/book/the-salt-orchard/id1623456789';

interface Screen {
  path: string;
  heading: string | RegExp;
}

const home: Screen = { path: '/', heading: 'Smart links that send readers to your books' };
const login: Screen = { path: '/login', heading: 'Sign in to Shelflink' };
const expiredLogin: Screen = { path: '/login?failed=expired', heading: 'Sign in to Shelflink' };
const reportLink: Screen = { path: '/report-link/shelf.to/salt-orchard', heading: /report/i };

const publicScreens: Screen[] = [
  home,
  { path: '/faq', heading: /questions/i },
  { path: '/about', heading: /.+/ },
  { path: '/privacy', heading: /privacy/i },
  { path: '/terms', heading: /terms/i },
  { path: '/feature-collections', heading: /collections/i },
  { path: '/affiliate-disclosure', heading: /affiliate/i },
  { path: '/upgrade', heading: /Upgrade/ },
  reportLink,
  { path: '/no/such/page', heading: 'Page not found' },
];

const signedOutScreens: Screen[] = [login, expiredLogin];

const signedInScreens: Screen[] = [
  { path: '/links/books', heading: 'Your links' },
  { path: '/links/collections', heading: 'Your links' },
  { path: '/links/reports/shelf.to/salt-orchard', heading: /Report for shelf\.to\/salt-orchard/ },
  { path: '/settings', heading: 'Affiliate Settings' },
  { path: '/account', heading: 'Account' },
];

const pendingThirdPartyRequests = new WeakMap<Page, Set<Request>>();

// These journeys are short, so an error report or analytics batch may still be on its way to the
// receiver when the test ends; closing the page then aborts it mid-body, and the receiver fails the
// test with "aborted". Each test waits for those requests before it ends.
test.beforeEach(({ page, receiver }) => {
  const pending = new Set<Request>();
  pendingThirdPartyRequests.set(page, pending);
  page.on('request', (request) => {
    if (request.url().startsWith(receiver.origin)) pending.add(request);
  });
  const settle = (request: Request) => pending.delete(request);
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
});

test.afterEach(async ({ page }) => {
  const pending = pendingThirdPartyRequests.get(page);
  await expect.poll(() => pending?.size ?? 0).toBe(0);
});

/** Opens a screen, waits until it shows its heading and analyses the page. */
async function openScreen(page: Page, { path, heading }: Screen) {
  await page.goto(path);
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  // Sections that load after the page (shown as skeletons meanwhile) are analysed loaded.
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
  // The pointer rests outside the page, so no hover state is analysed.
  await page.mouse.move(0, 0);
}

test.describe('every screen passes axe, in light and in dark', () => {
  test.describe('signed out', () => {
    test.use({ visitor: 'signed-out' });

    for (const screen of [...publicScreens, ...signedOutScreens]) {
      test(screen.path, async ({ page }) => {
        await openScreen(page, screen);
        await expectNoAxeViolationsInBothSchemes(page);
      });
    }
  });

  test.describe('signed in as an author', () => {
    test.use({ visitor: 'author' });

    for (const screen of [...publicScreens, ...signedInScreens]) {
      test(screen.path, async ({ page }) => {
        await openScreen(page, screen);
        await expectNoAxeViolationsInBothSchemes(page);
      });
    }
  });

  test.describe('signed in as an administrator', () => {
    test.use({ visitor: 'administrator' });

    test('/admin', async ({ page }) => {
      await openScreen(page, { path: '/admin', heading: 'Admin dashboard' });
      await expectNoAxeViolationsInBothSchemes(page);
    });
  });
});

test.describe('in dark mode', () => {
  // The scheme follows the operating system's until a visitor picks one.
  test.use({ colorScheme: 'dark', visitor: 'administrator' });

  test('/links/books while acting as an author, with the banner', async ({ page }) => {
    // Two screens and a lookup before the analysis.
    test.slow();
    await openScreen(page, { path: '/admin', heading: 'Admin dashboard' });
    await page
      .getByRole('textbox', { name: "User's e-mail address" })
      .fill('maya.okafor@example.com');
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByRole('button', { name: 'Act as this user' }).click();
    await openScreen(page, { path: '/links/books', heading: 'Your links' });
    await expect(page.getByRole('region', { name: 'Impersonation' })).toContainText(
      'maya.okafor@example.com',
    );
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expectNoAxeViolations(page);
  });
});

test('the avatar menu', async ({ page }) => {
  await openScreen(page, home);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.mouse.move(0, 0);
  await expectNoAxeViolations(page);
});

test.describe('open layers pass axe', () => {
  test.describe('the cookie banner', () => {
    // It pops up in California, which the app tells by the time zone.
    test.use({ visitor: 'signed-out', consentBanner: true, timezoneId: 'America/Los_Angeles' });

    test('on Home', async ({ page }) => {
      await openScreen(page, home);
      await expect(page.getByRole('dialog', { name: 'Your privacy choices' })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });

  test('the avatar menu', async ({ page }) => {
    await openScreen(page, home);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.mouse.move(0, 0);
    await expectNoAxeViolations(page);
  });

  test('a modal, whose title bar is not a second banner', async ({ page }) => {
    await openScreen(page, { path: '/links/collections', heading: 'Your links' });
    await page.getByRole('button', { name: 'New collection' }).click();
    const dialog = page.getByRole('dialog', { name: 'New collection' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(1);
    await page.mouse.move(0, 0);
    await expectNoAxeViolations(page);
  });

  test('the main menu on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openScreen(page, home);
    await page.getByRole('button', { name: 'Open the main menu' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.mouse.move(0, 0);
    await expectNoAxeViolations(page);
  });
});

/**
 * How the focused element shows its focus: its outline, or a box-shadow ring in a colour that is
 * not fully transparent; 'none' when it shows neither.
 */
function focusIndicator(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'none';
    const style = window.getComputedStyle(element);
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) {
      return `outline: ${style.outlineStyle}`;
    }
    // A ring is a shadow layer with no offset or blur and a spread, e.g. "rgb(…) 0px 0px 0px 1px".
    const ring = style.boxShadow
      .split(/,(?![^(]*\))/)
      .find(
        (layer) =>
          /\b0px 0px 0px [1-9]/.test(layer) && !/rgba\([^)]*,\s*0\)|transparent/.test(layer),
      );
    return ring ? `box-shadow: ${ring.trim()}` : 'none';
  });
}

/** The locator has focus and shows a visible focus indicator. */
async function expectVisibleFocus(page: Page, locator: Locator) {
  await expect(locator).toBeFocused();
  expect(await focusIndicator(page)).not.toBe('none');
}

/** Presses Tab until the locator has focus, at most `limit` times. */
async function tabTo(page: Page, locator: Locator, limit = 40) {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await locator.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(locator).toBeFocused();
}

test.describe('keyboard only', () => {
  test.describe('signed out', () => {
    test.use({ visitor: 'signed-out' });

    test('creates a link on Home and reaches its copy button', async ({ page }) => {
      await openScreen(page, home);
      // The first stop is the skip link, shown on focus.
      await page.keyboard.press('Tab');
      const skipLink = page.getByRole('link', { name: 'Skip to content' });
      await expectVisibleFocus(page, skipLink);
      await expect(skipLink).toBeInViewport();

      const destination = page.getByRole('textbox', { name: 'Book link or ISBN' });
      await tabTo(page, destination);
      await expectVisibleFocus(page, destination);
      await page.keyboard.type(SALT_ORCHARD_URL);
      await page.keyboard.press('Enter');

      const code = page.getByRole('textbox', { name: 'Custom ending (optional)' });
      await expectVisibleFocus(page, code);
      await page.keyboard.type('salt-orchard');
      await expect(page.getByText('shelf.to/salt-orchard is available.')).toBeVisible();

      const create = page.getByRole('button', { name: 'Create link', exact: true });
      await tabTo(page, create);
      await expectVisibleFocus(page, create);
      await page.keyboard.press('Space');

      await expect(page.getByRole('heading', { name: 'Your link is ready' })).toBeFocused();
      const copy = page.getByRole('button', { name: 'Copy', exact: true });
      await tabTo(page, copy);
      await expectVisibleFocus(page, copy);
    });
  });

  test('the main menu on a phone opens from the keyboard on first use', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openScreen(page, home);
    // Until it is first used, the trigger is a plain menu button: the menu's code is not loaded.
    const trigger = page.getByRole('button', { name: 'Open the main menu' });
    await tabTo(page, trigger);
    await expectVisibleFocus(page, trigger);
    await expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expectVisibleFocus(page, menu.getByRole('menuitem', { name: 'Home' }));
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await expectVisibleFocus(page, menu.getByRole('menuitem', { name: 'Your links' }));
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expectVisibleFocus(page, trigger);
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');

    // From then on it is the menu itself; Enter on an item follows it.
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('menuitem', { name: 'Home' })).toBeFocused();
    await page.keyboard.press('End');
    await expect(menu.getByRole('menuitem', { name: 'Blog' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(menu.getByRole('menuitem', { name: 'Upgrade' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/upgrade');
  });

  test('focus on the Blog link stays on the page; Enter follows it', async ({ page, receiver }) => {
    await openScreen(page, home);
    const blog = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' });
    await tabTo(page, blog);
    await expectVisibleFocus(page, blog);
    // Focus preloads the route; give a wrongful departure time to happen.
    await page.waitForTimeout(1_000);
    await expect(page).toHaveURL('/');
    expect(receiver.received().map((request) => request.path)).not.toContain('/blog');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${receiver.origin}/blog`);
  });

  test('the avatar menu', async ({ page }) => {
    await openScreen(page, home);
    const trigger = page.getByRole('button', { name: 'Account menu' });
    await tabTo(page, trigger);
    await expectVisibleFocus(page, trigger);
    // As in the WAI-ARIA menu button pattern, Enter opens the menu on its first item.
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expectVisibleFocus(page, menu.getByRole('menuitem', { name: 'Your links' }));
    for (const name of ['Account', 'Affiliate settings', 'Sign out']) {
      await page.keyboard.press('ArrowDown');
      await expectVisibleFocus(page, menu.getByRole('menuitem', { name }));
    }
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expectVisibleFocus(page, trigger);

    await page.keyboard.press('Enter');
    await expect(menu.getByRole('menuitem', { name: 'Your links' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Account' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/account');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account');
  });
});

test.describe('signing out from the avatar menu', () => {
  test('takes Enter; focus or the pointer on "Sign out" keeps the session', async ({ page }) => {
    const logoutCalls: string[] = [];
    page.on('request', (request) => {
      if (isApiCall(request, 'POST', '/auth/logout')) logoutCalls.push(request.url());
    });
    await openScreen(page, home);
    const trigger = page.getByRole('button', { name: 'Account menu' });
    await tabTo(page, trigger);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Your links' })).toBeFocused();
    const signOut = page.getByRole('menuitem', { name: 'Sign out' });
    await page.keyboard.press('End');
    await expectVisibleFocus(page, signOut);
    await signOut.hover();
    // Focus and hover preload the route; give a wrongful sign-out time to happen.
    await page.waitForTimeout(1_000);
    expect(logoutCalls).toEqual([]);
    await expect(page).toHaveURL('/');

    await preferMock(page, /^\/api\/auth(\/session)?$/, 'example=signedOut');
    await signOut.focus();
    const logout = page.waitForRequest(apiCall('POST', '/auth/logout'));
    await page.keyboard.press('Enter');
    await logout;
    await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  });
});

test.describe('forms name their errors', () => {
  test.use({ visitor: 'signed-out' });

  /** The field is marked invalid and described by an element that shows the message. */
  async function expectFieldError(page: Page, field: Locator, message: string) {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
    const descriptions = page.locator(
      describedBy
        .split(/\s+/)
        .filter(Boolean)
        .map((id) => `[id="${id}"]`)
        .join(', ') || 'no-description',
    );
    await expect(descriptions.filter({ hasText: message })).toBeVisible();
    // The description may also hold the field's hint; the message must be part of it.
    const escaped = message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(field).toHaveAccessibleDescription(new RegExp(escaped));
  }

  test('the sign-in form marks the e-mail field and describes it with the message', async ({
    page,
  }) => {
    await openScreen(page, login);
    const email = page.getByRole('textbox', { name: 'E-mail address' });
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    const send = page.getByRole('button', { name: 'E-mail me a sign-in link' });

    await send.click();
    await expectFieldError(page, email, 'Enter your e-mail address.');
    // Focus goes to the field, so a screen reader reads it with its message.
    await expect(email).toBeFocused();

    await page.keyboard.type('maya.okafor@example');
    await page.keyboard.press('Enter');
    await expectFieldError(page, email, 'Enter an e-mail address like name@example.com.');

    await email.fill('maya.okafor@example.com');
    await send.click();
    await expect(page.getByRole('status').filter({ hasText: 'Check your inbox' })).toBeVisible();
  });

  test('the sign-in form announces a failed sign-in link as an alert', async ({ page }) => {
    await openScreen(page, expiredLogin);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('You are not signed in');
    await expect(alert).toContainText('That sign-in link has expired.');
  });

  test('the link report form describes its fields and announces a failed send', async ({
    page,
  }) => {
    await openScreen(page, reportLink);
    const form = page.getByRole('form', { name: 'What is wrong?' });
    await form.getByRole('button', { name: 'Send report' }).click();
    const details = form.getByRole('textbox', { name: 'Details' });
    await expect(details).toHaveAttribute('aria-invalid', 'true');
    const detailsError = await form.locator('.mantine-Textarea-error').textContent();
    expect(detailsError).toBeTruthy();
    await expectFieldError(page, details, detailsError ?? '');

    await preferMock(page, '/v1/report-link-issue', 'code=500', 'POST');
    await form.getByRole('radio', { name: 'Broken store link' }).check();
    await details.fill('The UK store says the book is unavailable.');
    await form.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByRole('alert')).toContainText('Your report was not sent');
    await expect(details).toHaveValue('The UK store says the book is unavailable.');
  });
});
