// The parts of the Sentry SDK the app uses. Importing the package through this module lets the
// bundler leave out the rest of it (session replay, feedback, profiling) from the lazy chunk.
export { captureException, init, tanstackRouterBrowserTracingIntegration } from '@sentry/react';
