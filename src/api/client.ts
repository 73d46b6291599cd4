import createFetchClient, { type Client, type Middleware } from 'openapi-fetch';
import { runtimeConfig } from '@/config/runtime-config';
import { ApiError, UNREACHABLE_MESSAGE, type ResponseStatus } from './api-error';
import type { paths } from './schema';

export const IMPERSONATE_HEADER = 'X-Impersonate';
export const NO_URL_MESSAGE = 'No URL provided';
export const MISSING_PATH_PARAMETER_MESSAGE = 'Expected url parameter';
/** A successful reply whose body is not JSON (a proxy's error page, a truncated reply). */
export const UNREADABLE_REPLY_MESSAGE = 'Shelflink sent a reply we could not read.';

/** What the app plugs into the client; kept as callbacks so the client imports nothing of the app. */
export interface ApiClientHooks {
  getImpersonateAs: () => string;
  onUnauthenticated: (error: ApiError) => void;
  reportError: (error: ApiError) => void;
}

export type ApiClient = Client<paths>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function readJsonBody(response: Response): Promise<unknown> {
  if (!response.headers.get('content-type')?.includes('json')) return undefined;
  try {
    return JSON.parse(await response.clone().text());
  } catch {
    return undefined;
  }
}

const UNREADABLE = Symbol('unreadable');

/** A successful reply's JSON body: `undefined` when it has none, UNREADABLE when it is not JSON. */
async function readSuccessBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.clone().text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return UNREADABLE;
  }
}

function toResponseStatus(value: unknown, statusCode: number): ResponseStatus {
  const status = isRecord(value) ? value : {};
  return {
    errorCode: typeof status.errorCode === 'string' ? status.errorCode : '',
    message: typeof status.message === 'string' ? status.message : '',
    errors: Array.isArray(status.errors) ? (status.errors as ResponseStatus['errors']) : [],
    statusCode,
  };
}

function impersonationMiddleware(hooks: ApiClientHooks): Middleware {
  return {
    onRequest({ request }) {
      const impersonateAs = hooks.getImpersonateAs();
      if (impersonateAs) request.headers.set(IMPERSONATE_HEADER, impersonateAs);
      else request.headers.delete(IMPERSONATE_HEADER);
      return request;
    },
  };
}

function replyMiddleware(hooks: ApiClientHooks): Middleware {
  return {
    async onResponse({ response }) {
      if (response.ok) {
        const body = await readSuccessBody(response);
        if (body === UNREADABLE) {
          // openapi-fetch would throw a bare SyntaxError; it fails like any other call instead.
          const error = new ApiError(response.status, {
            errorCode: 'UnreadableReply',
            message: UNREADABLE_REPLY_MESSAGE,
            errors: [],
            statusCode: response.status,
          });
          hooks.reportError(error);
          throw error;
        }
        if (!isRecord(body) || !isRecord(body.responseStatus)) return response;
        const withStatus = {
          ...body,
          responseStatus: { ...body.responseStatus, statusCode: response.status },
        };
        return new Response(JSON.stringify(withStatus), {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers,
        });
      }

      const body = await readJsonBody(response);
      const responseStatus = toResponseStatus(
        isRecord(body) ? body.responseStatus : undefined,
        response.status,
      );
      const error = new ApiError(response.status, responseStatus);
      // A 401 or 403 from any call ends the session (SPEC §8); the app decides what that means.
      if (error.isUnauthenticated) hooks.onUnauthenticated(error);
      else hooks.reportError(error);
      throw error;
    },
    onError({ error }) {
      if (isRecord(error) && error.name === 'AbortError') return;
      return new ApiError(0, {
        errorCode: 'Unreachable',
        message: UNREACHABLE_MESSAGE,
        errors: [],
        statusCode: 0,
      });
    },
  };
}

const PATH_PARAMETER = /\{([^{}]+)\}/g;

function missingPathParameter(url: string, init: unknown): boolean {
  const params = isRecord(init) && isRecord(init.params) ? init.params : {};
  const pathParams = isRecord(params.path) ? params.path : {};
  return [...url.matchAll(PATH_PARAMETER)].some(([, name]) => pathParams[name ?? ''] == null);
}

/** Rejects calls without a URL, or with a required path parameter left null, before anything is sent. */
function guardCalls(client: ApiClient): ApiClient {
  const guarded = { ...client };
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
    const call = client[method] as (url: string, init?: unknown) => Promise<unknown>;
    const guardedCall = (url: string | undefined, init?: unknown) => {
      if (!url) return Promise.reject(new Error(NO_URL_MESSAGE));
      if (missingPathParameter(url, init))
        return Promise.reject(new Error(MISSING_PATH_PARAMETER_MESSAGE));
      return call(url, init);
    };
    Object.assign(guarded, { [method]: guardedCall });
  }
  return guarded;
}

export function createApiClient(options: {
  baseUrl: string;
  hooks: ApiClientHooks;
  fetch?: typeof globalThis.fetch;
}): ApiClient {
  const client = createFetchClient<paths>({
    baseUrl: options.baseUrl,
    credentials: 'include',
    querySerializer: { array: { style: 'form', explode: false } },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use(impersonationMiddleware(options.hooks), replyMiddleware(options.hooks));
  return guardCalls(client);
}

const appHooks: ApiClientHooks = {
  getImpersonateAs: () => '',
  onUnauthenticated: () => {},
  reportError: () => {},
};

export function configureApiClient(hooks: Partial<ApiClientHooks>): void {
  Object.assign(appHooks, hooks);
}

export const apiClient = createApiClient({ baseUrl: runtimeConfig.apiBaseUrl, hooks: appHooks });
