import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

const { config, region, banner } = vi.hoisted(() => ({
  config: {
    cookieConsent: { enabled: true },
    analytics: { writeKey: '', apiHost: '', protocol: 'https' },
    tagManager: { host: '', analyticsId: '', marketingId: '' },
  },
  region: { inCalifornia: false },
  banner: { runCookieBanner: vi.fn(() => Promise.resolve()) },
}));

vi.mock('@/config/runtime-config', () => ({ runtimeConfig: config }));
vi.mock('@/lib/visitor-region', () => ({ isLikelyInCalifornia: () => region.inCalifornia }));
vi.mock('@/lib/cookie-banner', () => banner);

const BANNER_COOKIE = 'shelflink_consent';

beforeEach(() => {
  vi.clearAllMocks();
  config.cookieConsent.enabled = true;
  region.inCalifornia = false;
});

afterEach(() => {
  document.cookie = `${BANNER_COOKIE}=; Max-Age=0; Path=/`;
});

async function startCookieBanner() {
  const tracking = await import('@/lib/visitor-tracking');
  tracking.startCookieBanner();
  await vi.dynamicImportSettled();
}

describe('startCookieBanner', () => {
  test('pops the banner up for a visitor in California', async () => {
    region.inCalifornia = true;

    await startCookieBanner();

    expect(banner.runCookieBanner).toHaveBeenCalledExactlyOnceWith({ autoShow: true });
  });

  test('elsewhere, loads the banner only to apply choices saved earlier, without showing it', async () => {
    await startCookieBanner();
    expect(banner.runCookieBanner).not.toHaveBeenCalled();

    document.cookie = `${BANNER_COOKIE}=${encodeURIComponent('{"categories":["necessary"]}')}; Path=/`;
    await startCookieBanner();
    expect(banner.runCookieBanner).toHaveBeenCalledExactlyOnceWith({ autoShow: false });
  });

  test('loads nothing where the deployment turns the consent library off', async () => {
    config.cookieConsent.enabled = false;
    region.inCalifornia = true;

    await startCookieBanner();

    expect(banner.runCookieBanner).not.toHaveBeenCalled();
  });
});
