import type { AnyRouter } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, test, vi, type MockInstance } from 'vitest';

import { ApiError } from '@/api/api-error';

const { sentry, config } = vi.hoisted(() => ({
  sentry: {
    init: vi.fn(),
    captureException: vi.fn(),
    tanstackRouterBrowserTracingIntegration: vi.fn(() => ({ name: 'router-tracing' })),
  },
  config: {
    environment: 'production',
    sentry: { dsn: '', tracesSampleRate: 0.25 },
  },
}));

vi.mock('@/config/runtime-config', () => ({ runtimeConfig: config }));
vi.mock('@sentry/react', () => sentry);

/** A fresh module, so Sentry has not been started yet. */
async function freshErrorReporting() {
  vi.resetModules();
  return import('@/lib/error-reporting');
}

const router = { routeTree: 'stub' } as unknown as AnyRouter;

function apiError(message: string): ApiError {
  return new ApiError(500, { errorCode: 'Boom', message, errors: [], statusCode: 500 });
}

let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  vi.clearAllMocks();
  config.sentry.dsn = '';
  config.environment = 'production';
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  consoleError.mockRestore();
  vi.unstubAllGlobals();
});

describe('errorMessage', () => {
  test('prefers responseStatus.message', async () => {
    const { errorMessage } = await freshErrorReporting();
    const error = Object.assign(new Error('generic'), {
      responseStatus: { message: 'The server said no.' },
    });

    expect(errorMessage(error)).toBe('The server said no.');
    expect(errorMessage({ responseStatus: { message: 'Plain object reply.' } })).toBe(
      'Plain object reply.',
    );
    expect(errorMessage(apiError('Link not found.'))).toBe('Link not found.');
  });

  test('falls back to the Error message, then to the value as text', async () => {
    const { errorMessage } = await freshErrorReporting();

    expect(errorMessage(Object.assign(new Error('generic'), { responseStatus: {} }))).toBe(
      'generic',
    );
    expect(
      errorMessage(Object.assign(new Error('generic'), { responseStatus: { message: '' } })),
    ).toBe('generic');
    expect(errorMessage(new TypeError('x is undefined'))).toBe('x is undefined');
    expect(errorMessage('a string was thrown')).toBe('a string was thrown');
    expect(errorMessage(undefined)).toBe('undefined');
  });
});

describe('reportUncaughtError', () => {
  test('logs the message and the error to console.error', async () => {
    const { reportUncaughtError } = await freshErrorReporting();
    const error = Object.assign(new Error('generic'), {
      responseStatus: { message: 'The server said no.' },
    });

    reportUncaughtError(error);

    expect(consoleError).toHaveBeenCalledExactlyOnceWith('The server said no.', error);
  });

  test('sends the error to Sentry once it has started', async () => {
    config.sentry.dsn = 'https://key@sentry.test/1';
    const { reportUncaughtError, startErrorReporting } = await freshErrorReporting();
    startErrorReporting(router);
    const error = new Error('crash');

    reportUncaughtError(error);
    reportUncaughtError('a thrown string');

    await vi.waitFor(() => {
      expect(sentry.captureException).toHaveBeenCalledTimes(2);
    });
    expect(sentry.captureException).toHaveBeenNthCalledWith(1, error, {
      extra: { message: 'crash' },
    });
    expect(sentry.captureException).toHaveBeenNthCalledWith(2, new Error('a thrown string'), {
      extra: { message: 'a thrown string' },
    });
  });

  test('an error reported before Sentry has loaded is sent once it starts', async () => {
    config.sentry.dsn = 'https://key@sentry.test/1';
    const { reportUncaughtError, startErrorReporting } = await freshErrorReporting();
    const early = new Error('early crash');

    reportUncaughtError(early);
    expect(sentry.captureException).not.toHaveBeenCalled();
    startErrorReporting(router);

    await vi.waitFor(() => {
      expect(sentry.captureException).toHaveBeenCalledExactlyOnceWith(early, {
        extra: { message: 'early crash' },
      });
    });
  });

  test('sends nothing without a DSN', async () => {
    const { reportUncaughtError, startErrorReporting } = await freshErrorReporting();
    startErrorReporting(router);

    reportUncaughtError(new Error('crash'));
    await vi.dynamicImportSettled();

    expect(sentry.init).not.toHaveBeenCalled();
    expect(sentry.captureException).not.toHaveBeenCalled();
    expect(consoleError).toHaveBeenCalledTimes(1);
  });
});

describe('startErrorReporting', () => {
  test('starts Sentry in an idle period after its code has loaded', async () => {
    const idleCallbacks: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleCallbacks.push(callback));
    config.sentry.dsn = 'https://key@sentry.test/1';
    const { startErrorReporting } = await freshErrorReporting();

    startErrorReporting(router);
    await vi.waitFor(() => {
      expect(idleCallbacks).toHaveLength(1);
    });
    expect(sentry.init).not.toHaveBeenCalled();

    idleCallbacks.shift()?.();
    await vi.waitFor(() => {
      expect(sentry.init).toHaveBeenCalledTimes(1);
    });
  });

  test('starts Sentry once, with the environment and sample rate', async () => {
    config.sentry.dsn = 'https://key@sentry.test/1';
    const { startErrorReporting } = await freshErrorReporting();

    startErrorReporting(router);
    startErrorReporting(router);

    await vi.waitFor(() => {
      expect(sentry.init).toHaveBeenCalledTimes(1);
    });
    expect(sentry.init).toHaveBeenCalledWith({
      dsn: 'https://key@sentry.test/1',
      environment: 'production',
      tracesSampleRate: 0.25,
      integrations: expect.any(Function) as unknown,
    });
    // Sentry's defaults, less the costly culture context, and the router's tracing.
    const [[{ integrations }]] = sentry.init.mock.calls as unknown as [
      [{ integrations: (defaults: { name: string }[]) => { name: string }[] }],
    ];
    expect(
      integrations([{ name: 'Breadcrumbs' }, { name: 'CultureContext' }, { name: 'Dedupe' }]),
    ).toEqual([{ name: 'Breadcrumbs' }, { name: 'Dedupe' }, { name: 'router-tracing' }]);
    // The build's own files and the book covers are not turned into spans.
    expect(sentry.tanstackRouterBrowserTracingIntegration).toHaveBeenCalledWith(router, {
      ignoreResourceSpans: [
        'resource.script',
        'resource.css',
        'resource.link',
        'resource.other',
        'resource.img',
      ],
    });
  });

  test('samples no traces outside production', async () => {
    config.sentry.dsn = 'https://key@sentry.test/1';
    config.environment = 'staging';
    const { startErrorReporting } = await freshErrorReporting();

    startErrorReporting(router);

    await vi.waitFor(() => {
      expect(sentry.init).toHaveBeenCalledWith(
        expect.objectContaining({ environment: 'staging', tracesSampleRate: 0 }),
      );
    });
  });
});

describe('reportApiError', () => {
  test('sends the ApiError with its status and error code', async () => {
    config.sentry.dsn = 'https://key@sentry.test/1';
    const { reportApiError, startErrorReporting } = await freshErrorReporting();
    startErrorReporting(router);
    const error = apiError('The database is down.');

    reportApiError(error);

    await vi.waitFor(() => {
      expect(sentry.captureException).toHaveBeenCalledExactlyOnceWith(error, {
        extra: { status: 500, errorCode: 'Boom' },
      });
    });
  });
});
