import { describe, expect, test, vi } from 'vitest';

import { ApiError, UNKNOWN_ERROR_REPORT, UNREACHABLE_MESSAGE } from '@/api/api-error';
import {
  createApiClient,
  IMPERSONATE_HEADER,
  MISSING_PATH_PARAMETER_MESSAGE,
  NO_URL_MESSAGE,
  UNREADABLE_REPLY_MESSAGE,
  type ApiClient,
} from '@/api/client';

const BASE_URL = 'http://api.test';

function jsonReply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function errorReply(status: number, responseStatus: Record<string, unknown>): Response {
  return jsonReply(status, { responseStatus });
}

/** A client over a fake fetch; `reply` builds a fresh Response for every call. */
function setUp(reply: () => Response | Promise<Response> = () => jsonReply(200, {})) {
  let impersonateAs = '';
  const onUnauthenticated = vi.fn<(error: ApiError) => void>();
  const reportError = vi.fn<(error: ApiError) => void>();
  const hooks = { getImpersonateAs: () => impersonateAs, onUnauthenticated, reportError };
  const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.resolve(reply()));
  const client = createApiClient({ baseUrl: BASE_URL, hooks, fetch });
  return {
    client,
    onUnauthenticated,
    reportError,
    fetch,
    impersonate: (userId: string) => {
      impersonateAs = userId;
    },
    /** The Request the client handed to fetch on the nth call. */
    sentRequest: (call = 0): Request => {
      const request = fetch.mock.calls[call]?.[0];
      if (!(request instanceof Request)) throw new Error(`fetch call ${call} got no Request`);
      return request;
    },
  };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('Expected the call to reject');
}

async function apiRejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** The untyped view of a client method, to make calls the typed API forbids. */
type LooseCall = (url?: string, init?: unknown) => Promise<unknown>;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
function looseCall(client: ApiClient, method: (typeof METHODS)[number]): LooseCall {
  return client[method] as unknown as LooseCall;
}

describe('the status code in responseStatus', () => {
  test('a 200 reply with a responseStatus gets statusCode 200, the rest kept', async () => {
    const { client } = setUp(() =>
      jsonReply(200, {
        sessionId: 'abc',
        userName: 'ada@example.com',
        userId: '42',
        roles: ['Author'],
        responseStatus: { errorCode: '', message: 'fine', errors: [] },
      }),
    );

    const { data } = await client.POST('/auth', { body: {} });

    expect(data).toEqual({
      sessionId: 'abc',
      userName: 'ada@example.com',
      userId: '42',
      roles: ['Author'],
      responseStatus: { errorCode: '', message: 'fine', errors: [], statusCode: 200 },
    });
  });

  test('a 400 reply rejects with an ApiError whose responseStatus.statusCode is 400', async () => {
    const { client } = setUp(() =>
      errorReply(400, { errorCode: 'Invalid', message: 'Bad url', errors: [] }),
    );

    const error = await apiRejection(client.GET('/v1/links/count'));

    expect(error.responseStatus).toEqual({
      errorCode: 'Invalid',
      message: 'Bad url',
      errors: [],
      statusCode: 400,
    });
  });

  test('a successful reply without a responseStatus is passed through untouched', async () => {
    const original = jsonReply(200, { count: 7 });
    const { client } = setUp(() => original);

    const { data, response } = await client.GET('/v1/links/count');

    expect(response).toBe(original);
    expect(data).toEqual({ count: 7 });
  });
});

describe('the X-Impersonate header', () => {
  test('carries impersonateAs on every request while it is non-empty', async () => {
    const { client, impersonate, sentRequest } = setUp();
    impersonate('10482');

    await client.GET('/v1/links/count');
    await client.POST('/auth', { body: {} });
    await client.DELETE('/v2/collections/{id}', { params: { path: { id: 'c1' } } });

    for (const call of [0, 1, 2]) {
      expect(sentRequest(call).headers.get(IMPERSONATE_HEADER)).toBe('10482');
    }
  });

  test('is absent when impersonateAs is empty', async () => {
    const { client, impersonate, sentRequest } = setUp();
    impersonate('10482');
    await client.GET('/v1/links/count');
    impersonate('');

    await client.GET('/v1/links/count');

    expect(sentRequest(0).headers.get('X-Impersonate')).toBe('10482');
    expect(sentRequest(1).headers.has('X-Impersonate')).toBe(false);
  });
});

describe('401 and 403 replies', () => {
  test('a 401 from any call calls onUnauthenticated, not reportError, and rejects with ApiError', async () => {
    const { client, onUnauthenticated, reportError } = setUp(() =>
      errorReply(401, { errorCode: 'Unauthorized', message: 'Sign in again.' }),
    );

    const error = await apiRejection(client.GET('/v1/links/count'));

    expect(error.status).toBe(401);
    expect(error.isUnauthenticated).toBe(true);
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
    expect(onUnauthenticated).toHaveBeenCalledWith(error);
    expect(reportError).not.toHaveBeenCalled();
  });

  test.each([
    { method: 'POST', path: '/auth' },
    { method: 'GET', path: '/auth/session' },
  ] as const)(
    'a 403 from the session check ($method $path) ends the session',
    async ({ method }) => {
      const { client, onUnauthenticated, reportError } = setUp(() =>
        errorReply(403, { errorCode: 'Forbidden', message: 'You do not have access to this.' }),
      );

      const error = await apiRejection(
        method === 'POST' ? client.POST('/auth', { body: {} }) : client.GET('/auth/session'),
      );

      expect(error.isUnauthenticated).toBe(true);
      expect(onUnauthenticated).toHaveBeenCalledWith(error);
      expect(reportError).not.toHaveBeenCalled();
    },
  );

  test('a 403 from any other call ends the session as a 401 does, and is not reported', async () => {
    const { client, onUnauthenticated, reportError } = setUp(() =>
      errorReply(403, { errorCode: 'Forbidden', message: 'You do not have access to this.' }),
    );

    const error = await apiRejection(
      client.GET('/v1/admin/account', { params: { query: { userEmail: 'a@example.com' } } }),
    );

    expect(error.status).toBe(403);
    expect(error.isUnauthenticated).toBe(true);
    expect(error.message).toBe('You do not have access to this.');
    expect(onUnauthenticated).toHaveBeenCalledExactlyOnceWith(error);
    expect(reportError).not.toHaveBeenCalled();
  });
});

describe('other API errors are reported', () => {
  test('with the server message', async () => {
    const { client, onUnauthenticated, reportError } = setUp(() =>
      errorReply(500, { errorCode: 'Boom', message: 'The database is down.' }),
    );

    const error = await apiRejection(client.GET('/v1/links/count'));

    expect(reportError).toHaveBeenCalledTimes(1);
    expect(reportError).toHaveBeenCalledWith(error);
    expect(error.message).toBe('The database is down.');
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  test('with the unknown-error text (two spaces) when the message is empty', async () => {
    const { client, onUnauthenticated, reportError } = setUp(() =>
      errorReply(409, { errorCode: 'Conflict', message: '' }),
    );

    await rejection(client.GET('/v1/links/count'));

    const reported = reportError.mock.calls[0]?.[0];
    expect(reported).toBeInstanceOf(ApiError);
    expect(reported?.message).toBe('An unknown error occurred.  Please contact support.');
    expect(onUnauthenticated).not.toHaveBeenCalled();
    expect(UNKNOWN_ERROR_REPORT).toBe('An unknown error occurred.  Please contact support.');
  });

  test('with the unknown-error text when the body is not JSON', async () => {
    const { client, onUnauthenticated, reportError } = setUp(
      () =>
        new Response('<html>Bad gateway</html>', {
          status: 502,
          headers: { 'content-type': 'text/html' },
        }),
    );

    const error = await apiRejection(client.GET('/v1/links/count'));

    expect(reportError).toHaveBeenCalledWith(error);
    expect(onUnauthenticated).not.toHaveBeenCalled();
    expect(error.message).toBe('An unknown error occurred.  Please contact support.');
    expect(error.status).toBe(502);
    expect(error.responseStatus).toEqual({
      errorCode: '',
      message: '',
      errors: [],
      statusCode: 502,
    });
  });
});

describe('non-2xx replies', () => {
  test.each([400, 404, 409, 429, 500, 503])('a %i rejects with an ApiError', async (status) => {
    const { client } = setUp(() =>
      errorReply(status, { errorCode: 'Failed', message: `Failed with ${status}` }),
    );

    const error = await apiRejection(client.GET('/v1/links/count'));

    expect(error.name).toBe('ApiError');
    expect(error.status).toBe(status);
    expect(error.responseStatus.statusCode).toBe(status);
    expect(error.responseStatus.errorCode).toBe('Failed');
    expect(error.message).toBe(`Failed with ${status}`);
  });
});

describe('field errors', () => {
  test('are keyed by field name with its first letter lower-cased, first message kept', async () => {
    const { client } = setUp(() =>
      errorReply(400, {
        errorCode: 'ValidationException',
        message: 'Validation failed',
        errors: [
          { fieldName: 'Url', errorCode: 'NotEmpty', message: 'Enter a URL.' },
          { fieldName: 'AffiliateToken', errorCode: 'Invalid', message: 'That token is invalid.' },
          { fieldName: 'Url', errorCode: 'Length', message: 'That URL is too long.' },
        ],
      }),
    );

    const error = await apiRejection(client.POST('/v1/links', { body: { url: 'x' } as never }));

    expect(error.fieldErrors).toEqual({
      url: 'Enter a URL.',
      affiliateToken: 'That token is invalid.',
    });
  });

  test('an empty error list gives the unknownError entry (one space)', async () => {
    const { client } = setUp(() =>
      errorReply(400, { errorCode: 'Invalid', message: 'Nope', errors: [] }),
    );

    const error = await apiRejection(client.GET('/v1/links/count'));

    expect(error.fieldErrors).toEqual({
      unknownError: 'An unknown error occurred. Please contact support.',
    });
  });
});

describe('calls the client refuses before sending', () => {
  test.each(METHODS)('%s without a URL rejects with "No URL provided"', async (method) => {
    const { client, fetch } = setUp();

    for (const url of [undefined, '']) {
      const error = await rejection(looseCall(client, method)(url));
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(ApiError);
      expect((error as Error).message).toBe('No URL provided');
    }
    expect(NO_URL_MESSAGE).toBe('No URL provided');
    expect(fetch).not.toHaveBeenCalled();
  });

  test.each([null, undefined])(
    'a %s required path parameter fails with "Expected url parameter"',
    async (id) => {
      const { client, fetch } = setUp();

      const error = await rejection(
        looseCall(client, 'GET')('/v2/collections/{id}', { params: { path: { id } } }),
      );

      expect((error as Error).message).toBe('Expected url parameter');
      expect(MISSING_PATH_PARAMETER_MESSAGE).toBe('Expected url parameter');
      expect(fetch).not.toHaveBeenCalled();
    },
  );

  test('a path parameter missing from params altogether fails the same way', async () => {
    const { client, fetch } = setUp();

    const error = await rejection(looseCall(client, 'PUT')('/v2/collections/{id}', {}));

    expect((error as Error).message).toBe('Expected url parameter');
    expect(fetch).not.toHaveBeenCalled();
  });

  test('a given path parameter is URL-encoded into the path', async () => {
    const { client, sentRequest } = setUp();

    await client.GET('/v2/collections/{id}', { params: { path: { id: 'a b/c?d' } } });

    expect(new URL(sentRequest().url).pathname).toBe('/v2/collections/a%20b%2Fc%3Fd');
    expect(sentRequest().url.startsWith(`${BASE_URL}/v2/collections/`)).toBe(true);
  });
});

describe('query encoding', () => {
  test('query values are URL-encoded', async () => {
    const { client, sentRequest } = setUp();
    const url = 'https://a.example/b?c=d&e=f';

    await client.GET('/v1/product/metadata', { params: { query: { url } } });

    const sent = new URL(sentRequest().url);
    expect(sent.pathname).toBe('/v1/product/metadata');
    expect(sent.search).toBe(`?url=${encodeURIComponent(url)}`);
    expect(sent.search).toBe('?url=https%3A%2F%2Fa.example%2Fb%3Fc%3Dd%26e%3Df');
    expect(sent.searchParams.get('url')).toBe(url);
  });

  test('undefined values are left out and arrays are sent comma-separated', async () => {
    const { client, sentRequest } = setUp();

    await client.GET('/v1/links/list', {
      params: { query: { skip: undefined, take: 20, ids: ['a', 'b'] } },
    });

    const sent = new URL(sentRequest().url);
    expect(sent.search).toBe('?take=20&ids=a,b');
    expect(sent.searchParams.has('skip')).toBe(false);
  });
});

describe('failures without a reply', () => {
  test('a network failure rejects with an unreachable ApiError (status 0)', async () => {
    const { client, onUnauthenticated } = setUp(() =>
      Promise.reject(new TypeError('Failed to fetch')),
    );

    const error = await apiRejection(client.GET('/v1/links/count'));

    expect(error.status).toBe(0);
    expect(error.isUnreachable).toBe(true);
    expect(error.message).toBe(UNREACHABLE_MESSAGE);
    expect(error.responseStatus.errorCode).toBe('Unreachable');
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  test('an abort passes the AbortError through', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    const { client } = setUp(() => Promise.reject(abort));

    const error = await rejection(client.GET('/v1/links/count'));

    expect(error).toBe(abort);
    expect(error).not.toBeInstanceOf(ApiError);
  });
});

test('requests are sent with credentials: include', async () => {
  const { client, sentRequest } = setUp();

  await client.GET('/v1/links/count');
  await client.POST('/auth', { body: {} });

  expect(sentRequest(0).credentials).toBe('include');
  expect(sentRequest(1).credentials).toBe('include');
  expect(sentRequest(1).method).toBe('POST');
});

describe('a successful reply that is not JSON', () => {
  test.each([
    ['an HTML error page', 'text/html', '<html>Gateway timeout</html>'],
    ['a non-JSON body labelled JSON', 'application/json', 'not json'],
    ['a truncated JSON body', 'application/json', '{"results": ['],
  ])('(%s) rejects with a reported ApiError saying it could not be read', async (_, type, body) => {
    const { client, onUnauthenticated, reportError } = setUp(
      () => new Response(body, { status: 200, headers: { 'content-type': type } }),
    );

    const error = await apiRejection(client.GET('/v1/links/list', { params: { query: {} } }));

    expect(error.message).toBe('Shelflink sent a reply we could not read.');
    expect(UNREADABLE_REPLY_MESSAGE).toBe(error.message);
    expect(error.status).toBe(200);
    expect(error.isUnreachable).toBe(false);
    expect(error.isUnauthenticated).toBe(false);
    expect(error.responseStatus).toEqual({
      errorCode: 'UnreadableReply',
      message: 'Shelflink sent a reply we could not read.',
      errors: [],
      statusCode: 200,
    });
    expect(reportError).toHaveBeenCalledWith(error);
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  test('an empty 200 or a 204 still resolves without data', async () => {
    const replies = [
      () => new Response('', { status: 200, headers: { 'content-type': 'application/json' } }),
      () => new Response(null, { status: 204 }),
    ];
    for (const reply of replies) {
      const { client, reportError } = setUp(reply);

      const { data, error } = await client.DELETE('/v2/collections/{id}', {
        params: { path: { id: 'c1' } },
      });

      expect(data).toBeUndefined();
      expect(error).toBeUndefined();
      expect(reportError).not.toHaveBeenCalled();
    }
  });
});
