import { describe, expect, test } from 'vitest';

import {
  ApiError,
  isApiError,
  toFieldErrors,
  UNKNOWN_ERROR_REPORT,
  UNKNOWN_FIELD_ERROR,
  type ResponseStatus,
} from '@/api/api-error';

function status(overrides: Partial<ResponseStatus> = {}): ResponseStatus {
  return { errorCode: '', message: '', errors: [], statusCode: 400, ...overrides };
}

describe('ApiError', () => {
  test('carries the status, the responseStatus and the server message', () => {
    const responseStatus = status({
      errorCode: 'NotFound',
      message: 'No such link.',
      statusCode: 404,
    });

    const error = new ApiError(404, responseStatus);

    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.status).toBe(404);
    expect(error.responseStatus).toBe(responseStatus);
    expect(error.message).toBe('No such link.');
  });

  test('falls back to the unknown-error report text (two spaces) without a message', () => {
    expect(new ApiError(500, status()).message).toBe(
      'An unknown error occurred.  Please contact support.',
    );
    expect(UNKNOWN_ERROR_REPORT).toBe('An unknown error occurred.  Please contact support.');
  });

  test.each([
    [401, true],
    [403, true],
    [400, false],
    [404, false],
    [500, false],
    [0, false],
  ])('status %i is unauthenticated: %s', (code, expected) => {
    expect(new ApiError(code, status({ statusCode: code })).isUnauthenticated).toBe(expected);
  });

  test.each([
    [0, true],
    [500, false],
    [401, false],
  ])('status %i is unreachable: %s', (code, expected) => {
    expect(new ApiError(code, status({ statusCode: code })).isUnreachable).toBe(expected);
  });

  test('exposes the field errors of its responseStatus', () => {
    const error = new ApiError(
      400,
      status({ errors: [{ fieldName: 'Code', errorCode: 'Taken', message: 'Code taken.' }] }),
    );

    expect(error.fieldErrors).toEqual({ code: 'Code taken.' });
  });
});

describe('toFieldErrors', () => {
  test('keys each error by its field name with the first letter lower-cased', () => {
    expect(
      toFieldErrors(
        status({
          errors: [
            { fieldName: 'Url', errorCode: 'NotEmpty', message: 'Enter a URL.' },
            { fieldName: 'AffiliateToken', errorCode: 'Invalid', message: 'Bad token.' },
            { fieldName: 'email', errorCode: 'Invalid', message: 'Bad e-mail.' },
          ],
        }),
      ),
    ).toEqual({ url: 'Enter a URL.', affiliateToken: 'Bad token.', email: 'Bad e-mail.' });
  });

  test('keeps the first message when a field has several', () => {
    expect(
      toFieldErrors(
        status({
          errors: [
            { fieldName: 'Code', errorCode: 'Length', message: 'Too long.' },
            { fieldName: 'Code', errorCode: 'Taken', message: 'Taken.' },
          ],
        }),
      ),
    ).toEqual({ code: 'Too long.' });
  });

  test.each([
    ['an empty error list', status()],
    ['no error list', status({ errors: undefined })],
    ['no responseStatus', undefined],
  ])('%s gives the unknownError entry (one space)', (_case, responseStatus) => {
    expect(toFieldErrors(responseStatus)).toEqual({
      unknownError: 'An unknown error occurred. Please contact support.',
    });
    expect(UNKNOWN_FIELD_ERROR).toBe('An unknown error occurred. Please contact support.');
  });
});

describe('isApiError', () => {
  test('is true only for ApiError instances', () => {
    expect(isApiError(new ApiError(500, status()))).toBe(true);
    expect(isApiError(new Error('plain'))).toBe(false);
    expect(isApiError({ status: 500, responseStatus: status() })).toBe(false);
    expect(isApiError(undefined)).toBe(false);
  });
});
