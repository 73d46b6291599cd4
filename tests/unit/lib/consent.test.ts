import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

const { segment, config } = vi.hoisted(() => {
  const instance = { identify: vi.fn(), alias: vi.fn(), page: vi.fn(), reset: vi.fn() };
  return {
    segment: { instance, load: vi.fn(() => Promise.resolve([instance])) },
    config: {
      analytics: { writeKey: 'write-key', apiHost: 'events.test/v1', protocol: 'https' },
      tagManager: {
        host: 'https://tags.test',
        analyticsId: 'GTM-ANALYTICS',
        marketingId: 'GTM-MARKETING',
      },
    },
  };
});

vi.mock('@/config/runtime-config', () => ({ runtimeConfig: config }));
vi.mock('@segment/analytics-next', () => ({ AnalyticsBrowser: { load: segment.load } }));

const CONSENT_COOKIE = 'shelflink_analytics_consent';
const BANNER_COOKIE = 'shelflink_consent';

/** Saves choices as the consent banner (vanilla-cookieconsent) does: JSON in its cookie. */
function saveBannerChoices(choices: Record<string, unknown>): void {
  document.cookie = `${BANNER_COOKIE}=${encodeURIComponent(JSON.stringify(choices))}; Path=/`;
}

function bannerChoices(): Record<string, unknown> | undefined {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${BANNER_COOKIE}=`));
  return entry
    ? (JSON.parse(decodeURIComponent(entry.slice(BANNER_COOKIE.length + 1))) as Record<
        string,
        unknown
      >)
    : undefined;
}

const refusal = {
  categories: ['necessary'],
  revision: 0,
  consentId: 'c0ffee',
  consentTimestamp: '2024-05-01T10:00:00.000Z',
  lastConsentTimestamp: '2024-05-01T10:00:00.000Z',
};

/** Fresh consent and analytics modules: no tag manager loaded yet, consent not granted. */
async function freshModules() {
  vi.resetModules();
  const consent = await import('@/lib/consent');
  const { analytics } = await import('@/lib/analytics');
  return { ...consent, analytics };
}

/** The data layer's entries; gtag pushes `arguments` objects, turned into arrays here. */
function dataLayer(): unknown[] {
  return (window.dataLayer ?? []).map((entry) =>
    typeof entry === 'object' && entry !== null && 'callee' in entry
      ? Array.from(entry as unknown as ArrayLike<unknown>)
      : entry,
  );
}

function tagManagerScripts(): string[] {
  return [...document.head.querySelectorAll('script')].map((script) => script.src);
}

beforeEach(() => {
  vi.clearAllMocks();
  delete window.dataLayer;
});

afterEach(() => {
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
  document.cookie = `${BANNER_COOKIE}=; Max-Age=0; Path=/`;
  for (const script of document.head.querySelectorAll('script')) script.remove();
});

describe('consent mode by default', () => {
  test('denies every kind of storage as soon as the module runs', async () => {
    await freshModules();

    expect(dataLayer()).toEqual([
      [
        'consent',
        'default',
        {
          ad_storage: 'denied',
          analytics_storage: 'denied',
          functionality_storage: 'denied',
          personalization_storage: 'denied',
          security_storage: 'denied',
        },
      ],
    ]);
  });

  test('pushes an arguments object, as tag managers expect', async () => {
    await freshModules();

    const entry = window.dataLayer?.[0];
    expect(Array.isArray(entry)).toBe(false);
    expect(Object.prototype.toString.call(entry)).toBe('[object Arguments]');
  });
});

// The first entry of the data layer is the default denial, made as the module runs.
describe('acceptAnalytics', () => {
  test('grants the four non-advertising storages, sets the cookie and grants analytics consent', async () => {
    const { acceptAnalytics, analytics } = await freshModules();
    expect(analytics.hasConsent()).toBe(false);

    acceptAnalytics();

    expect(dataLayer()[1]).toEqual([
      'consent',
      'update',
      {
        analytics_storage: 'granted',
        functionality_storage: 'granted',
        personalization_storage: 'granted',
        security_storage: 'granted',
      },
    ]);
    expect(document.cookie.split('; ')).toContain(`${CONSENT_COOKIE}=true`);
    expect(analytics.hasConsent()).toBe(true);
  });

  test('loads the analytics tag manager once', async () => {
    const { acceptAnalytics } = await freshModules();

    acceptAnalytics();
    acceptAnalytics();

    expect(tagManagerScripts()).toEqual(['https://tags.test/gtm.js?id=GTM-ANALYTICS']);
    expect(dataLayer()).toContainEqual(expect.objectContaining({ event: 'gtm.js' }));
  });
});

describe('acceptMarketing', () => {
  test('grants all five storages and loads the marketing tag manager', async () => {
    const { acceptMarketing } = await freshModules();

    acceptMarketing();

    expect(dataLayer()[1]).toEqual([
      'consent',
      'update',
      {
        ad_storage: 'granted',
        analytics_storage: 'granted',
        functionality_storage: 'granted',
        personalization_storage: 'granted',
        security_storage: 'granted',
      },
    ]);
    const script = document.head.querySelector('script');
    expect(script?.src).toBe('https://tags.test/gtm.js?id=GTM-MARKETING');
    expect(script?.async).toBe(true);
    expect(tagManagerScripts()).toHaveLength(1);
  });

  test('loads a second tag manager beside the analytics one', async () => {
    const { acceptAnalytics, acceptMarketing } = await freshModules();

    acceptAnalytics();
    acceptMarketing();

    expect(tagManagerScripts()).toEqual([
      'https://tags.test/gtm.js?id=GTM-ANALYTICS',
      'https://tags.test/gtm.js?id=GTM-MARKETING',
    ]);
  });
});

describe('revoking', () => {
  test('revokeAnalytics denies the storages, deletes the cookie and resets the analytics client', async () => {
    const { acceptAnalytics, revokeAnalytics, analytics } = await freshModules();
    acceptAnalytics();
    analytics.identify('42', { email: 'ada@example.com' });
    await vi.waitFor(() => {
      expect(segment.instance.identify).toHaveBeenCalled();
    });

    revokeAnalytics();

    expect(dataLayer()).toContainEqual([
      'consent',
      'update',
      {
        analytics_storage: 'denied',
        functionality_storage: 'denied',
        personalization_storage: 'denied',
        security_storage: 'denied',
      },
    ]);
    expect(document.cookie).not.toContain(CONSENT_COOKIE);
    expect(analytics.hasConsent()).toBe(false);
    await vi.waitFor(() => {
      expect(segment.instance.reset).toHaveBeenCalledTimes(1);
    });
  });

  test('applyConsentChoices accepts and revokes per category', async () => {
    const { applyConsentChoices, analytics } = await freshModules();

    applyConsentChoices({ analytics: true, marketing: false });
    expect(analytics.hasConsent()).toBe(true);
    expect(dataLayer()).toContainEqual(['consent', 'update', { ad_storage: 'denied' }]);

    applyConsentChoices({ analytics: false, marketing: true });
    expect(analytics.hasConsent()).toBe(false);
    expect(dataLayer()).toContainEqual([
      'consent',
      'update',
      expect.objectContaining({ ad_storage: 'granted' }),
    ]);
    expect(tagManagerScripts()).toContain('https://tags.test/gtm.js?id=GTM-MARKETING');
  });
});

describe('choices saved on an earlier visit', () => {
  test('analytics consent saved in the banner holds as soon as the module runs, loading nothing yet', async () => {
    saveBannerChoices({ ...refusal, categories: ['necessary', 'analytics'] });

    const { analytics } = await freshModules();

    expect(analytics.hasConsent()).toBe(true);
    expect(tagManagerScripts()).toEqual([]);
  });

  test.each([
    [
      'a refusal',
      () => {
        saveBannerChoices(refusal);
      },
    ],
    ['no saved choice', () => undefined],
    [
      'an unreadable cookie',
      () => {
        document.cookie = `${BANNER_COOKIE}=%E0%A4%A; Path=/`;
      },
    ],
  ])('analytics stays denied after %s', async (_case, save) => {
    save();

    const { analytics } = await freshModules();

    expect(analytics.hasConsent()).toBe(false);
  });

  test.each([
    ['no saved choice', () => undefined],
    [
      'saved choices accepting analytics',
      () => {
        saveBannerChoices({ ...refusal, categories: ['necessary', 'analytics'] });
      },
    ],
  ])('a signed-in session grants consent after %s', async (_case, save) => {
    const { acceptAnalyticsForSession, analytics } = await freshModules();
    save();

    acceptAnalyticsForSession();

    expect(analytics.hasConsent()).toBe(true);
    expect(tagManagerScripts()).toEqual(['https://tags.test/gtm.js?id=GTM-ANALYTICS']);
  });

  test('a signed-in session grants nothing after saved choices refusing analytics', async () => {
    const { acceptAnalyticsForSession, analytics } = await freshModules();
    saveBannerChoices(refusal);

    acceptAnalyticsForSession();

    expect(analytics.hasConsent()).toBe(false);
    expect(tagManagerScripts()).toEqual([]);
  });
});

describe('acceptAnalyticsAtSignIn', () => {
  test('grants consent and records it in the saved choices, so an earlier refusal no longer holds', async () => {
    saveBannerChoices(refusal);
    const { acceptAnalyticsAtSignIn, analytics } = await freshModules();

    acceptAnalyticsAtSignIn();

    expect(analytics.hasConsent()).toBe(true);
    expect(bannerChoices()).toEqual({
      ...refusal,
      categories: ['necessary', 'analytics'],
      lastConsentTimestamp: expect.any(String) as unknown,
    });
    expect(Date.parse(String(bannerChoices()?.lastConsentTimestamp))).toBeGreaterThan(
      Date.parse(refusal.lastConsentTimestamp),
    );
    const nextVisit = await freshModules();
    expect(nextVisit.analytics.hasConsent()).toBe(true);
  });

  test('saves no choices where the visitor made none', async () => {
    const { acceptAnalyticsAtSignIn, analytics } = await freshModules();

    acceptAnalyticsAtSignIn();

    expect(analytics.hasConsent()).toBe(true);
    expect(bannerChoices()).toBeUndefined();
  });
});
