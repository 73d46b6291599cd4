import { isApiError, UNKNOWN_FIELD_ERROR, type FieldErrors } from './api-error';

export const UNEXPECTED_FAILURE = 'Something went wrong. Please try again.';

/**
 * Splits a failed save into errors for the form's own fields and a message for the alert above
 * the submit button (set only when no field of the form was named).
 */
export function splitFormFailure(
  error: unknown,
  fieldNames: readonly string[],
): { fieldErrors: FieldErrors; message: string | undefined } {
  if (!isApiError(error)) return { fieldErrors: {}, message: UNEXPECTED_FAILURE };
  const fieldErrors: FieldErrors = {};
  for (const name of fieldNames) {
    // The server names a field bare (`Url`) or under the body property holding it (`Parameters.at`).
    const message =
      error.fieldErrors[name] ??
      Object.entries(error.fieldErrors).find(([key]) => key.endsWith(`.${name}`))?.[1];
    if (message) fieldErrors[name] = message;
  }
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors, message: undefined };
  return {
    fieldErrors,
    message: error.responseStatus.message || error.fieldErrors.unknownError || UNKNOWN_FIELD_ERROR,
  };
}
