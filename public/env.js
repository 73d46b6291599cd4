// Runtime configuration. A deployment replaces this file to point the app at its own
// backend and services; the built app reads it at start-up, so no rebuild is needed.
window.__SHELFLINK_ENV__ = {
  environment: 'development',
  apiBaseUrl: '/api',
  blogUrl: 'https://blog.shelflink.app',
  avatarHost: 'https://www.gravatar.com',
  sentry: { dsn: '', tracesSampleRate: 1 },
  analytics: { writeKey: '', apiHost: 'api.segment.io/v1', protocol: 'https' },
  tagManager: { host: 'https://www.googletagmanager.com', analyticsId: '', marketingId: '' },
  cookieConsent: { enabled: true },
};
