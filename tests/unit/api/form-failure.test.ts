import { describe, expect, test } from 'vitest';
import { ApiError, UNKNOWN_FIELD_ERROR } from '@/api/api-error';
import { UNEXPECTED_FAILURE } from '@/api/api-error';
import { splitFormFailure } from '@/api/form-failure';

function apiError(message: string, errors: { fieldName: string; message: string }[]) {
  return new ApiError(400, {
    errorCode: 'ValidationException',
    message,
    errors: errors.map((error) => ({ ...error, errorCode: 'Invalid' })),
  });
}

describe('splitFormFailure', () => {
  test('puts errors for the form’s own fields at those fields', () => {
    const error = apiError('Please check the highlighted fields.', [
      { fieldName: 'At', message: 'That token is not yours.' },
    ]);
    expect(splitFormFailure(error, ['at'])).toEqual({
      fieldErrors: { at: 'That token is not yours.' },
      message: undefined,
    });
  });

  test('finds a parameter named under its body property', () => {
    const error = apiError('Check it.', [{ fieldName: 'Parameters.tag', message: 'Unknown tag.' }]);
    expect(splitFormFailure(error, ['tag']).fieldErrors).toEqual({ tag: 'Unknown tag.' });
  });

  test('shows the server message when no field of the form is named', () => {
    const error = apiError('Something went wrong on our side.', [
      { fieldName: 'Other', message: 'x' },
    ]);
    expect(splitFormFailure(error, ['at'])).toEqual({
      fieldErrors: {},
      message: 'Something went wrong on our side.',
    });
  });

  test('falls back to the unknown-error text for an empty rejection', () => {
    expect(splitFormFailure(apiError('', []), ['at']).message).toBe(UNKNOWN_FIELD_ERROR);
  });

  test('says something went wrong for a failure that is not an API error', () => {
    expect(splitFormFailure(new Error('boom'), ['at']).message).toBe(UNEXPECTED_FAILURE);
  });
});

describe('splitFormFailure with the server’s names', () => {
  test('puts a field the server names otherwise at the form’s field', () => {
    const error = apiError('Check it.', [
      { fieldName: 'AffiliateParameters.at', message: 'Tokens start with 1.' },
    ]);
    expect(splitFormFailure(error, { email: 'email', at: 'appleServicesToken' })).toEqual({
      fieldErrors: { appleServicesToken: 'Tokens start with 1.' },
      message: undefined,
    });
  });

  test('says what the form asks for a failure that is not an API error', () => {
    expect(splitFormFailure(new Error('boom'), [], 'Not sent.').message).toBe('Not sent.');
  });
});
