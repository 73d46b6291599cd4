import type { components } from './schema';

export type ResponseStatus = components['schemas']['ResponseStatus'];
export type ErrorResponse = components['schemas']['ErrorResponse'];

/** Reported when a failed reply carries no message of its own. */
export const UNKNOWN_ERROR_REPORT = 'An unknown error occurred.  Please contact support.';
/** Shown in a form when a rejection names no field. */
export const UNKNOWN_FIELD_ERROR = 'An unknown error occurred. Please contact support.';
/** Shown when a call failed without an answer from the API (the network, a bug). */
export const UNEXPECTED_FAILURE = 'Something went wrong. Please try again.';
export const UNREACHABLE_MESSAGE =
  'We could not reach Shelflink. Check your connection and try again.';

/** Form errors keyed by field name; `unknownError` holds a rejection that names no field. */
export type FieldErrors = Record<string, string>;

function lowerFirst(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

export function toFieldErrors(status: ResponseStatus | undefined): FieldErrors {
  const errors = status?.errors ?? [];
  if (errors.length === 0) return { unknownError: UNKNOWN_FIELD_ERROR };
  const fieldErrors: FieldErrors = {};
  for (const error of errors) {
    const key = lowerFirst(error.fieldName);
    fieldErrors[key] ??= error.message;
  }
  return fieldErrors;
}

/** Every failed API call rejects with one of these: a non-2xx reply, or no reply at all (status 0). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly responseStatus: ResponseStatus;
  readonly fieldErrors: FieldErrors;

  constructor(status: number, responseStatus: ResponseStatus) {
    super(responseStatus.message || UNKNOWN_ERROR_REPORT);
    this.status = status;
    this.responseStatus = responseStatus;
    this.fieldErrors = toFieldErrors(responseStatus);
  }

  /**
   * A 401 or a 403: the codes the app treats as unauthenticated (SPEC §9). The server answers
   * 403 for "not allowed", and the app ends the session on it all the same.
   */
  get isUnauthenticated(): boolean {
    return this.status === 401 || this.status === 403;
  }

  get isUnreachable(): boolean {
    return this.status === 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
