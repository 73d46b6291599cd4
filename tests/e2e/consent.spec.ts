import type { Page } from '@playwright/test';
import { scriptsHoldingPackage } from '../support/build-output';
import { appOrigin, expect, preferMock, SESSION_COOKIE, test } from '../support/fixtures';
import type { ThirdPartyReceiver } from '../../scripts/support/third-party-receiver';

// Analytics sends in batches: after 10 events or 5 seconds, whichever comes first.
const BATCH_FLUSH_MS = 5_000;

interface AnalyticsEvent {
  type: string;
  userId?: string;
  previousId?: string;
  traits?: { email?: string };
  properties?: { path?: string };
}

function analyticsEvents(receiver: ThirdPartyReceiver): AnalyticsEvent[] {
  return receiver
    .received('analytics')
    .flatMap((request) => (JSON.parse(request.body) as { batch?: AnalyticsEvent[] }).batch ?? []);
}

async function visitSomePages(page: Page) {
  for (const name of ['FAQ', 'About', 'Home']) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
}

const consentBanner = (page: Page) => page.getByRole('dialog', { name: 'Your privacy choices' });

// The banner pops up for visitors in California (CCPA), which the app tells by the time zone.
const CALIFORNIA = 'America/Los_Angeles';

test.use({ consentBanner: true, timezoneId: CALIFORNIA });

test.describe('consent and analytics for a visitor', () => {
  test.use({ visitor: 'signed-out' });

  test('nothing is sent before consent', async ({ page, receiver }) => {
    const thirdPartyRequests: string[] = [];
    page.on('request', (request) => {
      // Error reporting and the avatar image are not analytics and need no consent.
      const exempt = ['/avatar/', '/envelope/'].some((part) => request.url().includes(part));
      if (request.url().startsWith(receiver.origin) && !exempt) {
        thirdPartyRequests.push(request.url());
      }
    });
    await page.goto('/');
    await expect(consentBanner(page)).toBeVisible();
    await visitSomePages(page);
    await page.waitForTimeout(BATCH_FLUSH_MS + 1_000);
    expect(thirdPartyRequests).toEqual([]);
    expect(receiver.received('analytics')).toEqual([]);
    expect(receiver.received('tag-manager')).toEqual([]);
    const consentMode = await page.evaluate(() => JSON.stringify(window.dataLayer?.[0]));
    expect(JSON.parse(consentMode)).toEqual({
      0: 'consent',
      1: 'default',
      2: {
        ad_storage: 'denied',
        analytics_storage: 'denied',
        functionality_storage: 'denied',
        personalization_storage: 'denied',
        security_storage: 'denied',
      },
    });
  });

  test('accepting loads both tag managers and sends page views', async ({
    page,
    context,
    receiver,
  }) => {
    await page.goto('/');
    await consentBanner(page).getByRole('button', { name: 'Accept all' }).click();
    await expect
      .poll(() => receiver.received('tag-manager').map((request) => request.query.get('id')))
      .toEqual(expect.arrayContaining(['GTM-ANALYTICS', 'GTM-MARKETING']));
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'shelflink_analytics_consent')?.value).toBe(
      'true',
    );

    await visitSomePages(page);
    await expect
      .poll(
        () =>
          analyticsEvents(receiver)
            .filter((event) => event.type === 'page')
            .map((event) => event.properties?.path),
        {
          timeout: BATCH_FLUSH_MS + 15_000,
        },
      )
      .toEqual(expect.arrayContaining(['/faq', '/about']));
  });

  test('rejecting keeps analytics and tag managers off', async ({ page, receiver }) => {
    await page.goto('/');
    await consentBanner(page).getByRole('button', { name: 'Reject optional cookies' }).click();
    await visitSomePages(page);
    await page.waitForTimeout(BATCH_FLUSH_MS + 1_000);
    expect(receiver.received('analytics')).toEqual([]);
    expect(receiver.received('tag-manager')).toEqual([]);
  });

  test('revoking analytics stops page views and resets the client', async ({
    page,
    context,
    receiver,
  }) => {
    await page.goto('/');
    await consentBanner(page).getByRole('button', { name: 'Accept all' }).click();
    await visitSomePages(page);
    await expect
      .poll(() => analyticsEvents(receiver).length, { timeout: BATCH_FLUSH_MS + 15_000 })
      .toBeGreaterThan(0);
    const anonymousIdBefore = await page.evaluate(() =>
      window.localStorage.getItem('ajs_anonymous_id'),
    );

    await page
      .getByRole('button', { name: 'Manage cookie preferences (EU and US-California)' })
      .click();
    const preferences = page.getByRole('dialog', { name: 'Cookie preferences' });
    await preferences.getByRole('checkbox', { name: /Analytics/ }).uncheck({ force: true });
    await preferences.getByRole('button', { name: 'Save my choices' }).click();
    await expect
      .poll(async () =>
        (await context.cookies()).some((cookie) => cookie.name === 'shelflink_analytics_consent'),
      )
      .toBe(false);
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('ajs_anonymous_id')))
      .not.toBe(anonymousIdBefore);

    await page.waitForTimeout(BATCH_FLUSH_MS + 500);
    const sentBefore = analyticsEvents(receiver).length;
    await visitSomePages(page);
    await page.waitForTimeout(BATCH_FLUSH_MS + 1_000);
    expect(analyticsEvents(receiver)).toHaveLength(sentBefore);
  });
});

test.describe('a visitor outside California', () => {
  test.use({ visitor: 'signed-out', timezoneId: 'Europe/Paris' });

  test('sees no banner, sends nothing, and can still choose in the preferences', async ({
    page,
    context,
    receiver,
  }) => {
    await page.goto('/');
    await visitSomePages(page);
    await page.waitForTimeout(BATCH_FLUSH_MS + 1_000);
    await expect(consentBanner(page)).toHaveCount(0);
    expect(receiver.received('analytics')).toEqual([]);
    expect(receiver.received('tag-manager')).toEqual([]);

    await page
      .getByRole('button', { name: 'Manage cookie preferences (EU and US-California)' })
      .click();
    const preferences = page.getByRole('dialog', { name: 'Cookie preferences' });
    await expect(consentBanner(page)).toHaveCount(0);
    await preferences.getByRole('checkbox', { name: /Marketing/ }).uncheck({ force: true });
    await preferences.getByRole('button', { name: 'Save my choices' }).click();
    await expect
      .poll(() => receiver.received('tag-manager').map((request) => request.query.get('id')))
      .toEqual(['GTM-ANALYTICS']);

    // The next visit applies the choice made before, still without a banner.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window.dataLayer ?? []).some(
            (entry) => typeof entry === 'object' && entry !== null && 'gtm.start' in entry,
          ),
        ),
      )
      .toBe(true);
    await expect(consentBanner(page)).toHaveCount(0);
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'shelflink_analytics_consent')?.value).toBe(
      'true',
    );
  });
});

test.describe('analytics for a signed-in author', () => {
  test('a session start grants consent and identifies the author', async ({ page, receiver }) => {
    await page.goto('/');
    await expect
      .poll(() => analyticsEvents(receiver).find((event) => event.type === 'identify'), {
        timeout: BATCH_FLUSH_MS + 15_000,
      })
      .toMatchObject({ userId: '10482', traits: { email: 'maya.okafor@example.com' } });
  });

  test('the first page view of every load is reported once', async ({ page, receiver }) => {
    const pageViews = () =>
      analyticsEvents(receiver)
        .filter((event) => event.type === 'page')
        .map((event) => event.properties?.path);
    await page.goto('/faq#upgrading');
    await expect.poll(pageViews, { timeout: BATCH_FLUSH_MS + 15_000 }).toContain('/faq');
    await page.goto('/about');
    await expect.poll(pageViews, { timeout: BATCH_FLUSH_MS + 15_000 }).toEqual(['/faq', '/about']);
  });

  test('signing in identifies and aliases the author', async ({ page, context, receiver }) => {
    await preferMock(page, '/auth', 'example=signedOut');
    await page.goto('/');
    await consentBanner(page).getByRole('button', { name: 'Reject optional cookies' }).click();
    await context.addCookies([
      { name: SESSION_COOKIE, value: 'e2e-login', url: appOrigin, httpOnly: true },
    ]);
    await page.goto('/login/sl_9f2c41d7b8e34a6c');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page).toHaveURL(/\/links\/books/);
    await expect
      .poll(() => analyticsEvents(receiver).map((event) => event.type), {
        timeout: BATCH_FLUSH_MS + 15_000,
      })
      .toEqual(expect.arrayContaining(['identify', 'alias']));
    expect(analyticsEvents(receiver).find((event) => event.type === 'alias')).toMatchObject({
      userId: '10482',
    });
  });
});

test.describe('analytics on a return visit', () => {
  /** Whether the consent banner has applied the saved choices, which here refuse marketing. */
  function savedChoicesApplied(page: Page): Promise<boolean> {
    return page.evaluate(() =>
      (window.dataLayer ?? []).some((entry) => {
        const [command, action, storage] = Array.from(entry as ArrayLike<unknown>);
        return (
          command === 'consent' &&
          action === 'update' &&
          (storage as { ad_storage?: string } | undefined)?.ad_storage === 'denied'
        );
      }),
    );
  }

  test('an author who opted out after signing in is not tracked on the next visits', async ({
    page,
    receiver,
  }) => {
    await preferMock(page, '/auth', 'example=signedOut');
    await page.goto('/login/sl_9f2c41d7b8e34a6c');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page).toHaveURL(/\/links\/books/);
    // Everything signing in sends (its identify and alias, and the first page view) has arrived,
    // so none of it can arrive after the opt-out. The session started signed out on the sign-in
    // page, before consent, so it identified nobody.
    await expect
      .poll(
        () =>
          analyticsEvents(receiver)
            .map((event) => event.type)
            .sort(),
        {
          timeout: BATCH_FLUSH_MS + 15_000,
        },
      )
      .toEqual(['alias', 'identify', 'page']);
    await consentBanner(page).getByRole('button', { name: 'Reject optional cookies' }).click();
    await expect.poll(() => savedChoicesApplied(page)).toBe(true);

    const analyticsCode = scriptsHoldingPackage('@segment/analytics-next');
    const receivedBefore = receiver.received().length;
    const tracking: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      const toReceiver =
        url.origin === receiver.origin &&
        (url.pathname.startsWith('/segment/') || url.pathname.startsWith('/gtm.js'));
      if (toReceiver || analyticsCode.has(url.pathname)) tracking.push(request.url());
    });
    for (const visit of ['first', 'second']) {
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 }), visit).toBeVisible();
      // The session has started by then: the banner is the last thing to start.
      await expect.poll(() => savedChoicesApplied(page), visit).toBe(true);
    }

    expect(analyticsCode.size).toBeGreaterThan(0);
    expect(tracking).toEqual([]);
    expect(
      receiver
        .received()
        .slice(receivedBefore)
        .filter((request) => request.kind === 'analytics' || request.kind === 'tag-manager'),
    ).toEqual([]);
  });

  test('signing in after an opt-out grants analytics on the next visits too', async ({
    page,
    context,
  }) => {
    await preferMock(page, '/auth', 'example=signedOut');
    await page.goto('/');
    await consentBanner(page).getByRole('button', { name: 'Reject optional cookies' }).click();
    await page.goto('/login/sl_9f2c41d7b8e34a6c');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page).toHaveURL(/\/links\/books/);
    const savedCategories = async () => {
      const savedChoices = (await context.cookies()).filter(
        (cookie) => cookie.name === 'shelflink_consent',
      );
      expect(savedChoices).toHaveLength(1);
      return (
        JSON.parse(decodeURIComponent(savedChoices[0]?.value ?? '{}')) as { categories?: string[] }
      ).categories;
    };
    // The sign-in's grant is saved by code that loads after the first paint.
    await expect.poll(savedCategories).toEqual(['necessary', 'analytics']);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => savedChoicesApplied(page)).toBe(true);
    expect(await savedCategories()).toEqual(['necessary', 'analytics']);
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'shelflink_analytics_consent')?.value).toBe(
      'true',
    );
  });
});

test.describe('error reporting', () => {
  function sentryPayloads(receiver: ThirdPartyReceiver): string {
    return receiver
      .received('sentry')
      .map((request) => request.body)
      .join('\n');
  }

  test('an API error reaches Sentry with the server message', async ({ page, receiver }) => {
    await preferMock(page, '/v2/account', 'code=500, example=serverError');
    await page.goto('/account');
    await expect(page.getByRole('alert')).toContainText(
      'Something went wrong on our side. We have been told about it.',
      {
        timeout: 15_000,
      },
    );
    await expect
      .poll(() => sentryPayloads(receiver))
      .toContain('Something went wrong on our side. We have been told about it.');
    await page.getByRole('button', { name: 'Try again' }).isVisible();
  });

  test('an API error without a message reaches Sentry with the fallback text', async ({
    page,
    receiver,
  }) => {
    await preferMock(page, '/v2/account', 'code=500, example=withoutMessage');
    await page.goto('/account');
    await expect
      .poll(() => sentryPayloads(receiver), { timeout: 15_000 })
      .toContain('An unknown error occurred.  Please contact support.');
  });

  test('an uncaught error is logged and reported', async ({ page, receiver, consoleErrors }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.querySelectorAll('script').length))
      .toBeGreaterThan(0);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('The shelf collapsed');
      });
    });
    await expect.poll(() => consoleErrors.join('\n')).toContain('The shelf collapsed');
    await expect.poll(() => sentryPayloads(receiver)).toContain('The shelf collapsed');
  });
});
