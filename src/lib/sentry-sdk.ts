// The parts of the Sentry SDK the app uses, and its set-up. Importing the package through this
// module lets the bundler leave out the rest of it (session replay, feedback, profiling) from the
// lazy chunk, and keeps the set-up itself out of the entry.
import type { AnyRouter } from '@tanstack/react-router';
import { init, tanstackRouterBrowserTracingIntegration } from '@sentry/react';

export { captureException } from '@sentry/react';

export function startSentry(
  router: AnyRouter,
  options: { dsn: string; environment: string; tracesSampleRate: number },
): void {
  init({
    ...options,
    integrations: (defaults) => [
      // Naming the device's locale and time zone costs tens of milliseconds of main thread on
      // every page load, for a context the reports can do without.
      ...defaults.filter((integration) => integration.name !== 'CultureContext'),
      tanstackRouterBrowserTracingIntegration(router, {
        // One span per hashed build file (dozens a page, preloaded ones count as `other`) tells
        // nothing the build does not, nor does one per book cover (twenty a page) about the image
        // host. Turning them into spans was most of the work of ending a page load's trace, and
        // seven eighths of what it sent.
        ignoreResourceSpans: [
          'resource.script',
          'resource.css',
          'resource.link',
          'resource.other',
          'resource.img',
        ],
      }),
    ],
  });
}
