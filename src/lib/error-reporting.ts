import type { AnyRouter } from '@tanstack/react-router';
import type { ApiError } from '@/api/api-error';
import { runtimeConfig } from '@/config/runtime-config';
import { nextIdlePeriod } from './later/idle';

type SentryModule = typeof import('./sentry-sdk');
type SentryCall = (sentry: SentryModule) => void;

let sentry: SentryModule | undefined;
/** Reports made before Sentry has loaded wait here, so nothing early is lost. */
const pendingCalls: SentryCall[] = [];

function withSentry(call: SentryCall): void {
  if (!runtimeConfig.sentry.dsn) return;
  if (sentry) call(sentry);
  else pendingCalls.push(call);
}

/** Sentry is loaded after first paint and only when a DSN is configured. */
export function startErrorReporting(router: AnyRouter): void {
  const { dsn, tracesSampleRate } = runtimeConfig.sentry;
  if (!dsn) return;
  void import('./sentry-sdk').then(async (Sentry) => {
    await nextIdlePeriod();
    if (sentry) return;
    Sentry.startSentry(router, {
      dsn,
      environment: runtimeConfig.environment,
      tracesSampleRate: runtimeConfig.environment === 'production' ? tracesSampleRate : 0,
    });
    sentry = Sentry;
    for (const call of pendingCalls.splice(0)) call(Sentry);
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
  withSentry((Sentry) => {
    Sentry.captureException(error instanceof Error ? error : new Error(message), {
      extra: { message },
    });
  });
}

export function reportApiError(error: ApiError): void {
  withSentry((Sentry) => {
    Sentry.captureException(error, {
      extra: { status: error.status, errorCode: error.responseStatus.errorCode },
    });
  });
}
