import { createHash } from 'node:crypto';
import { HASH_SCROLL_OFFSET } from '../../src/lib/navigation-scroll';
import type { Locator } from '@playwright/test';
import { expect, test } from '../support/fixtures';

const authorEmail = 'maya.okafor@example.com';

test.describe('the Admin entry of the avatar menu', () => {
  test.use({ visitor: 'administrator' });

  test('takes an administrator to the dashboard', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem')).toHaveText([
      'Your links',
      'Account',
      'Affiliate settings',
      'Admin',
      'Sign out',
    ]);
    await page.getByRole('menuitem', { name: 'Admin' }).click();
    await expect(page).toHaveURL('/admin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin dashboard');
  });
});

test.describe('every signed-in screen', () => {
  test('sits in one column, as wide as the header', async ({ page }) => {
    const edges = async (locator: Locator) => {
      const box = await locator.boundingBox();
      return { left: box?.x, width: box?.width };
    };
    const header = page.getByRole('banner').locator('.mantine-Container-root').first();
    for (const path of [
      '/links/books',
      '/links/collections',
      '/links/reports/shelf.to/salt-orchard',
      '/settings',
      '/account',
    ]) {
      await page.goto(path);
      const column = page.getByTestId('signed-in-layout');
      await expect(column.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await edges(column), path).toEqual(await edges(header));
    }
  });
});

test.describe('the shell, signed out', () => {
  test.use({ visitor: 'signed-out' });

  test('shows the public links and a sign-in placeholder', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('img', { name: 'Shelflink' })).toHaveAttribute('width', '144');
    await expect(header.getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/faq');
    const mainNav = page.getByRole('navigation', { name: 'Main' });
    await expect(mainNav.getByRole('link')).toHaveText(['Home', 'FAQ', 'About', 'Blog']);
    await header.getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/login');

    const siteMap = page.getByRole('navigation', { name: 'Site map' });
    await expect(siteMap.getByRole('link')).toHaveText([
      'Home',
      'FAQ',
      'About',
      'Blog',
      'Terms of Service',
      'Introducing collections',
      'Privacy Policy',
    ]);
    const footer = page.getByRole('contentinfo');
    await expect(
      footer.getByRole('button', { name: 'Manage cookie preferences (EU and US-California)' }),
    ).toBeVisible();
    await expect(footer).toContainText('© 2022 Shelflink');
    await expect(footer.getByRole('link', { name: /Shelflink on/ })).toHaveCount(3);
  });

  test('repeats the main links in a dropdown on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open the main menu' }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['Home', 'FAQ', 'About', 'Blog']);
    await page.getByRole('menuitem', { name: 'FAQ' }).click();
    await expect(page).toHaveURL('/faq');
  });
});

test.describe('the header menus, before their first use', () => {
  test.use({ visitor: 'signed-out' });

  test('load their code when pointed at, and open only when activated', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const menuCode: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/header-menus-[^/]+\.js$/.test(new URL(request.url()).pathname)) {
        menuCode.push(request.url());
      }
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(500);
    expect(menuCode).toEqual([]);

    const trigger = page.getByRole('button', { name: 'Open the main menu' });
    await trigger.hover();
    await expect.poll(() => menuCode.length).toBe(1);
    await page.waitForTimeout(300);
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await trigger.click();
    await expect(page.getByRole('menuitem')).toHaveText(['Home', 'FAQ', 'About', 'Blog']);
    await expect(page.getByRole('menuitem', { name: 'Home' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(trigger).toBeFocused();
  });
});

test.describe('the shell, signed in', () => {
  test('shows every main link, the avatar menu and Affiliate settings in the footer', async ({
    page,
    receiver,
  }) => {
    await page.goto('/');
    const mainNav = page.getByRole('navigation', { name: 'Main' });
    await expect(mainNav.getByRole('link')).toHaveText([
      'Home',
      'Your links',
      'FAQ',
      'About',
      'Upgrade',
      'Blog',
    ]);
    await expect(
      page
        .getByRole('navigation', { name: 'Site map' })
        .getByRole('link', { name: 'Affiliate settings' }),
    ).toBeVisible();

    const hash = createHash('md5').update(authorEmail).digest('hex');
    const avatar = page.getByRole('button', { name: 'Account menu' }).locator('img');
    await expect(avatar).toHaveAttribute('src', `${receiver.origin}/avatar/${hash}?d=retro&s=80`);
    await expect
      .poll(() => receiver.received('avatar').map((request) => request.path))
      .toContain(`/avatar/${hash}`);

    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toContainText('Logged in as:');
    await expect(menu).toContainText(authorEmail);
    await expect(menu).not.toContainText('Impersonating as:');
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Your links',
      'Account',
      'Affiliate settings',
      'Sign out',
    ]);
    await menu.getByRole('menuitem', { name: 'Account' }).click();
    await expect(page).toHaveURL('/account');
  });

  test('while impersonating, every page has the banner and the menu names the account by e-mail', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Impersonation' })).toHaveCount(0);
    await page.evaluate(() => {
      const session = JSON.parse(
        window.sessionStorage.getItem('shelflink.session') ?? '{}',
      ) as object;
      window.sessionStorage.setItem(
        'shelflink.session',
        JSON.stringify({ ...session, impersonateAs: '10482' }),
      );
    });
    for (const path of ['/', '/faq', '/links/books', '/account']) {
      await page.goto(path);
      await expect(page.getByRole('region', { name: 'Impersonation' })).toContainText(
        'You are acting as maya.okafor@example.com.',
      );
    }
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menu')).toContainText('Impersonating as:');
    await expect(page.getByTestId('impersonating-as')).toHaveText('maya.okafor@example.com');
  });

  test('the avatar e-mail follows the address last used to sign in', async ({ page, receiver }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await page.evaluate(() => {
      window.localStorage.setItem('shelflink.email', 'Maya@Example.com');
    });
    await page.reload();
    const hash = createHash('md5').update('maya@example.com').digest('hex');
    await expect(page.getByRole('button', { name: 'Account menu' }).locator('img')).toHaveAttribute(
      'src',
      `${receiver.origin}/avatar/${hash}?d=retro&s=80`,
    );
  });
});

test.describe('the top bar', () => {
  test('shows once per browser session', async ({ page, browser }) => {
    const announcement = page.getByRole('region', { name: 'Announcement' });
    await page.goto('/');
    await expect(announcement).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(announcement).toHaveCount(0);
    expect(await page.evaluate(() => window.sessionStorage.getItem('shelflink.topBarSeen'))).toBe(
      'true',
    );

    // A new browser session has no flag and sees it again.
    const otherContext = await browser.newContext();
    const otherPage = await otherContext.newPage();
    await otherPage.goto('/');
    await expect(otherPage.getByRole('region', { name: 'Announcement' })).toBeVisible();
    await otherContext.close();
  });
});

test.describe('scrolling after a navigation', () => {
  test.use({ visitor: 'signed-out' });

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      const calls: { top: number; smooth: boolean; at: number }[] = [];
      // When the address last changed: the delay is timed from there, not from the test's click.
      const addressChanges: number[] = [];
      Object.assign(window, { scrollCalls: calls, addressChanges });
      const pushState = window.history.pushState.bind(window.history);
      window.history.pushState = (...args: Parameters<History['pushState']>) => {
        addressChanges.push(performance.now());
        pushState(...args);
      };
      const original = window.scrollTo.bind(window);
      window.scrollTo = (options?: ScrollToOptions | number, y?: number) => {
        if (typeof options === 'object') {
          calls.push({
            top: options.top ?? 0,
            smooth: options.behavior === 'smooth',
            at: performance.now(),
          });
          original(options);
        } else {
          calls.push({ top: y ?? 0, smooth: false, at: performance.now() });
          original(options ?? 0, y ?? 0);
        }
      };
    });
  });

  async function smoothScrollCall(page: import('@playwright/test').Page) {
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as unknown as { scrollCalls: { smooth: boolean }[] }).scrollCalls.some(
            (call) => call.smooth,
          ),
        ),
      )
      .toBe(true);
    return page.evaluate(() =>
      (
        window as unknown as { scrollCalls: { top: number; smooth: boolean; at: number }[] }
      ).scrollCalls.find((call) => call.smooth),
    );
  }

  /** Waits until the hash target's top is 20 ± 2 px below the top of the window. */
  async function expectHashTargetLanded(page: import('@playwright/test').Page, id: string) {
    await expect
      .poll(() =>
        page.evaluate(
          ([targetId, offset]) =>
            Math.abs(
              (document.getElementById(targetId)?.getBoundingClientRect().top ?? NaN) - offset,
            ),
          [id, HASH_SCROLL_OFFSET] as const,
        ),
      )
      .toBeLessThanOrEqual(2);
  }

  test('a new page starts at the top', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => {
      document.documentElement.scrollTop = 1500;
    });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL('/terms');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a hash on another page scrolls smoothly 20 px above its target after 300 ms', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const clickedAt = await page.evaluate(() => performance.now());
    await page.evaluate(() => {
      window.history.pushState(null, '', '/faq#vanity-codes');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    const call = await smoothScrollCall(page);
    expect(call?.at).toBeGreaterThanOrEqual(clickedAt + 300);
    await expectHashTargetLanded(page, 'vanity-codes');
  });

  test('an in-app link to a hash on another page lands 20 px above its target', async ({
    page,
  }) => {
    await page.goto('/upgrade');
    await page.getByRole('link', { name: 'Read the upgrading FAQ' }).click();
    await expect(page).toHaveURL('/faq#upgrading');
    await expectHashTargetLanded(page, 'upgrading');
  });

  test('a hash on the same page scrolls at once', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const link = page
      .getByRole('main')
      .getByRole('link', { name: 'Can I choose the code at the end of my link?' });
    await link.click();
    await expect(page).toHaveURL(/\/faq#vanity-codes$/);
    const call = await smoothScrollCall(page);
    const changedAt = await page.evaluate(
      () => (window as unknown as { addressChanges: number[] }).addressChanges.at(-1) ?? 0,
    );
    // Without the 300 ms delay the scroll follows the address change within a render.
    expect(call?.at).toBeLessThan(changedAt + 300);
    await expectHashTargetLanded(page, 'vanity-codes');
  });

  test('a hash typed on the same page scrolls smoothly 20 px above its target', async ({
    page,
  }) => {
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The address bar's way: the browser jumps to the target at once, the app then corrects it.
    await page.goto('/faq#upgrading');
    await smoothScrollCall(page);
    await expectHashTargetLanded(page, 'upgrading');
  });

  test('opening or reloading an address with a hash lands 20 px above its target', async ({
    page,
  }) => {
    await page.goto('/faq#upgrading');
    await expectHashTargetLanded(page, 'upgrading');
    await page.reload();
    await expectHashTargetLanded(page, 'upgrading');
  });
});

/** Holds a new tab's first session check (POST /auth) until `release()`. */
async function holdSessionCheck(page: import('@playwright/test').Page) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let sent = false;
  await page.route('**/api/auth', async (route) => {
    sent = true;
    await held;
    await route.fallback();
  });
  return { sent: () => sent, release };
}

test.describe('the first paint', () => {
  test('shows the page while the session check is out, and never the signed-out header to a signed-in author', async ({
    page,
  }) => {
    const check = await holdSessionCheck(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });

    await expect(
      page.getByRole('heading', { level: 1, name: 'Smart links that send readers to your books' }),
    ).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect.poll(check.sent).toBe(true);
    // Until the answer: neither way in is offered, and the hero's button cannot be reached.
    await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sign in or create an account' })).toHaveCount(0);

    check.release();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to your links' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(0);
  });

  test('a page that needs sign-in waits for the answer', async ({ page }) => {
    // A new tab holds no session yet, so its first check is POST /auth.
    const check = await holdSessionCheck(page);
    await page.goto('/links/books', { waitUntil: 'domcontentloaded' });

    await expect.poll(check.sent).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'Your links' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(0);
    check.release();
    await expect(page.getByRole('heading', { level: 1, name: 'Your links' })).toBeVisible();
  });
});

test.describe('navigations that do not complete', () => {
  test('a repeated navigation to the same address does nothing', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => {
      document.documentElement.scrollTop = 800;
    });
    const scrolledTo = await page.evaluate(() => window.scrollY);
    expect(scrolledTo).toBeGreaterThan(0);
    // A dispatched click, because Playwright's own click would first scroll the link into view.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'FAQ' })
      .dispatchEvent('click');
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolledTo);
    await expect(page).toHaveURL('/faq');
  });

  test('a navigation overtaken by another is dropped without an error', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    let releaseReport: () => void = () => undefined;
    const reportHeld = new Promise<void>((resolve) => {
      releaseReport = resolve;
    });
    await page.route('**/api/v1/links/report**', async (route) => {
      await reportHeld;
      await route.fallback();
    });
    await page.evaluate(() => {
      window.history.pushState(null, '', '/links/reports/shelf.to/salt-orchard');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'About' })
      .click();
    await expect(page).toHaveURL('/about');
    releaseReport();
    await page.waitForTimeout(500);
    await expect(page).toHaveURL('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/About/i);
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  });
});
