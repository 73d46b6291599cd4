import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

const { segment, config } = vi.hoisted(() => {
  const instance = { identify: vi.fn(), alias: vi.fn(), page: vi.fn(), reset: vi.fn() };
  return {
    segment: {
      instance,
      /** Called when the Segment module is first imported. */
      imported: vi.fn(),
      load: vi.fn((..._args: unknown[]) => Promise.resolve([instance])),
    },
    config: {
      analytics: { writeKey: 'write-key', apiHost: 'events.test/v1', protocol: 'https' },
      tagManager: { host: 'https://tags.test', analyticsId: '', marketingId: '' },
    },
  };
});

vi.mock('@/config/runtime-config', () => ({ runtimeConfig: config }));
vi.mock('@segment/analytics-next', () => {
  segment.imported();
  return { AnalyticsBrowser: { load: segment.load } };
});

/** A fresh analytics module (consent not granted, nothing loaded) and a fresh Segment mock. */
async function freshAnalytics() {
  vi.resetModules();
  return (await import('@/lib/analytics')).analytics;
}

/** Lets pending dynamic imports, the idle period after them and promise callbacks run. */
async function settle(): Promise<void> {
  await vi.dynamicImportSettled();
  await new Promise((resolve) => setTimeout(resolve, 10));
}

beforeEach(() => {
  vi.clearAllMocks();
  config.analytics.writeKey = 'write-key';
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('before consent', () => {
  test('calls are dropped and Segment is never imported', async () => {
    const analytics = await freshAnalytics();

    analytics.page('/links', 'Links');
    analytics.identify('42', { email: 'ada@example.com' });
    analytics.identify();
    analytics.alias('42');
    analytics.reset();
    await settle();

    expect(analytics.hasConsent()).toBe(false);
    expect(segment.imported).not.toHaveBeenCalled();
    expect(segment.load).not.toHaveBeenCalled();
    expect(segment.instance.identify).not.toHaveBeenCalled();
    expect(segment.instance.page).not.toHaveBeenCalled();
  });

  test('calls made before consent are not sent once it is granted', async () => {
    const analytics = await freshAnalytics();
    analytics.identify('42', { email: 'ada@example.com' });

    analytics.grantConsent();
    await settle();

    expect(segment.load).not.toHaveBeenCalled();
    expect(segment.instance.identify).not.toHaveBeenCalled();
  });
});

describe('after consent', () => {
  test('Segment is loaded once, with the write key and batching settings', async () => {
    const analytics = await freshAnalytics();
    analytics.grantConsent();

    analytics.page('/links', 'Links');
    analytics.identify('42', { email: 'ada@example.com' });
    await settle();

    expect(segment.imported).toHaveBeenCalledTimes(1);
    expect(segment.load).toHaveBeenCalledTimes(1);
    expect(segment.load.mock.calls[0]?.[0]).toMatchObject({ writeKey: 'write-key' });
    expect(segment.load.mock.calls[0]?.[1]).toMatchObject({
      integrations: {
        'Segment.io': {
          apiHost: 'events.test/v1',
          protocol: 'https',
          deliveryStrategy: { strategy: 'batching' },
        },
      },
    });
  });

  test('Segment starts in an idle period after its code has loaded, and each call in another', async () => {
    const idleCallbacks: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleCallbacks.push(callback));
    const analytics = await freshAnalytics();
    analytics.grantConsent();

    analytics.page('/links', 'Links');
    await settle();
    expect(idleCallbacks).toHaveLength(1);
    expect(segment.load).not.toHaveBeenCalled();

    idleCallbacks.shift()?.();
    await settle();
    expect(segment.load).toHaveBeenCalledTimes(1);
    expect(segment.instance.page).not.toHaveBeenCalled();

    idleCallbacks.shift()?.();
    expect(segment.instance.page).toHaveBeenCalledWith(undefined, 'Links', { path: '/links' });
  });

  test('page, identify and alias reach Segment', async () => {
    const analytics = await freshAnalytics();
    analytics.grantConsent();

    analytics.page('/links/books', 'My books');
    analytics.identify('42', { email: 'ada@example.com' });
    analytics.alias('42');
    analytics.identify();
    await settle();

    expect(segment.instance.page).toHaveBeenCalledExactlyOnceWith(undefined, 'My books', {
      path: '/links/books',
    });
    expect(segment.instance.identify).toHaveBeenNthCalledWith(1, '42', {
      email: 'ada@example.com',
    });
    expect(segment.instance.identify).toHaveBeenNthCalledWith(2);
    expect(segment.instance.alias).toHaveBeenCalledExactlyOnceWith('42');
  });

  test('nothing is loaded without a write key', async () => {
    config.analytics.writeKey = '';
    const analytics = await freshAnalytics();
    analytics.grantConsent();

    analytics.identify('42', { email: 'ada@example.com' });
    await settle();

    expect(segment.imported).not.toHaveBeenCalled();
    expect(segment.load).not.toHaveBeenCalled();
  });

  test('a failed load is logged and the calls dropped', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    segment.load.mockRejectedValueOnce(new Error('blocked'));
    const analytics = await freshAnalytics();
    analytics.grantConsent();

    analytics.identify('42', { email: 'ada@example.com' });
    await settle();

    expect(consoleError).toHaveBeenCalledWith('Analytics could not start:', expect.any(Error));
    expect(segment.instance.identify).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });
});

describe('revoking consent', () => {
  test('resets the loaded client and drops later calls', async () => {
    const analytics = await freshAnalytics();
    analytics.grantConsent();
    analytics.identify('42', { email: 'ada@example.com' });
    await settle();

    analytics.revokeConsent();
    analytics.page('/links', 'Links');
    await settle();

    expect(analytics.hasConsent()).toBe(false);
    expect(segment.instance.reset).toHaveBeenCalledTimes(1);
    expect(segment.instance.page).not.toHaveBeenCalled();
  });

  test('drops a call made with consent that had not run yet when consent was revoked', async () => {
    const idleCallbacks: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleCallbacks.push(callback));
    const analytics = await freshAnalytics();
    analytics.grantConsent();
    analytics.identify('42', { email: 'ada@example.com' });
    await settle();
    // The client's start, then the identify waits for an idle period of its own.
    idleCallbacks.shift()?.();
    await settle();
    expect(idleCallbacks).toHaveLength(1);

    analytics.revokeConsent();
    idleCallbacks.shift()?.();

    expect(segment.instance.identify).not.toHaveBeenCalled();
  });

  test('does nothing when consent was never granted', async () => {
    const analytics = await freshAnalytics();

    analytics.revokeConsent();
    await settle();

    expect(segment.imported).not.toHaveBeenCalled();
    expect(segment.instance.reset).not.toHaveBeenCalled();
  });
});
