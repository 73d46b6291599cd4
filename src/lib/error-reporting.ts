import type { AnyRouter } from '@tanstack/react-router';
import { runtimeConfig } from '@/config/runtime-config';
import type { ApiError } from '@/api/api-error';

type SentryModule = typeof import('@sentry/react');

let sentry: Promise<SentryModule> | undefined;

/** Sentry is loaded after first paint and only when a DSN is configured. */
export function startErrorReporting(router: AnyRouter): void {
  const { dsn, tracesSampleRate } = runtimeConfig.sentry;
  if (!dsn || sentry) return;
  sentry = import('@sentry/react').then((Sentry) => {
    Sentry.init({
      dsn,
      environment: runtimeConfig.environment,
      tracesSampleRate: runtimeConfig.environment === 'production' ? tracesSampleRate : 0,
      integrations: [Sentry.tanstackRouterBrowserTracingIntegration(router)],
    });
    return Sentry;
  });
}

/** The message an error shows: the server's `responseStatus.message` when it carries one. */
export function errorMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'responseStatus' in error) {
    const status = (error as { responseStatus?: { message?: unknown } }).responseStatus;
    if (typeof status?.message === 'string' && status.message) return status.message;
  }
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}

export function reportUncaughtError(error: unknown): void {
  const message = errorMessage(error);
  console.error(message, error);
  void sentry?.then((Sentry) =>
    Sentry.captureException(error instanceof Error ? error : new Error(message), {
      extra: { message },
    }),
  );
}

export function reportApiError(error: ApiError): void {
  void sentry?.then((Sentry) =>
    Sentry.captureException(error, {
      extra: { status: error.status, errorCode: error.responseStatus.errorCode },
    }),
  );
}
