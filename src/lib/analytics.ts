import type { Analytics } from '@segment/analytics-next';
import { runtimeConfig } from '@/config/runtime-config';
import { ANALYTICS_COOKIE_DAYS } from './cookies';
import { nextIdlePeriod, whenIdle } from './later/idle';

/** Batch size, flush interval and retries; the SDK itself caps a batch at 500 KB and a keepalive request at 64 KB. */
export const ANALYTICS_DELIVERY = { size: 10, timeout: 5000, maxRetries: 10 } as const;

let consentGranted = false;
let client: Promise<Analytics | undefined> | undefined;

function loadClient(): Promise<Analytics | undefined> {
  const { writeKey, apiHost, protocol } = runtimeConfig.analytics;
  if (!writeKey) return Promise.resolve(undefined);
  client ??= import('@segment/analytics-next')
    .then(async ({ AnalyticsBrowser }) => {
      await nextIdlePeriod();
      const segmentSettings = {
        apiHost,
        protocol,
        deliveryStrategy: { strategy: 'batching' as const, config: ANALYTICS_DELIVERY },
      };
      const [analytics] = await AnalyticsBrowser.load(
        // Settings are given here rather than fetched from the vendor's CDN.
        {
          writeKey,
          cdnSettings: { integrations: { 'Segment.io': { apiKey: writeKey, ...segmentSettings } } },
        },
        {
          integrations: { 'Segment.io': segmentSettings },
          cookie: { maxage: ANALYTICS_COOKIE_DAYS, sameSite: 'Lax' },
        },
      );
      return analytics;
    })
    .catch((error: unknown) => {
      console.error('Analytics could not start:', error);
      return undefined;
    });
  return client;
}

/**
 * Runs an analytics call only once consent is granted; before that nothing is loaded or sent.
 * Each call runs in an idle period of its own, apart from the client's start, and only if
 * consent still holds then: it may have been revoked while the client was loading.
 */
function whenConsented(call: (analytics: Analytics) => unknown): void {
  if (!consentGranted) return;
  void loadClient().then((analytics) => {
    if (!analytics) return;
    whenIdle(() => {
      if (consentGranted) call(analytics);
    });
  });
}

export const analytics = {
  grantConsent(): void {
    consentGranted = true;
  },
  revokeConsent(): void {
    if (!consentGranted) return;
    consentGranted = false;
    void client?.then((analytics) => analytics?.reset());
  },
  hasConsent: (): boolean => consentGranted,
  page(path: string, title: string): void {
    whenConsented((a) => a.page(undefined, title, { path }));
  },
  identify(userId?: string, traits?: { email: string }): void {
    whenConsented((a) => (userId ? a.identify(userId, traits) : a.identify()));
  },
  alias(userId: string): void {
    whenConsented((a) => a.alias(userId));
  },
  reset(): void {
    void client?.then((analytics) => analytics?.reset());
  },
};
