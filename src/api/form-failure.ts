import { isApiError, UNEXPECTED_FAILURE, UNKNOWN_FIELD_ERROR, type FieldErrors } from './api-error';

/** What a failed call means for a form: errors at its fields, and a message for the form itself. */
export interface FormFailureSplit {
  fieldErrors: FieldErrors;
  message: string | undefined;
}

/**
 * A form's fields by name; or, where the server names them otherwise, the server's name (first
 * letter lower-cased) mapped to the form's.
 */
export type FormFields = readonly string[] | Readonly<Record<string, string>>;

function serverAndFormNames(fields: FormFields): (readonly [string, string])[] {
  return Array.isArray(fields)
    ? fields.map((name: string) => [name, name] as const)
    : Object.entries(fields);
}

/**
 * Splits a failed save into errors for the form's own fields and a message for the alert above
 * the submit button (set only when no field of the form was named). `unexpected` is the message
 * for a failure that is not the API's.
 */
export function splitFormFailure(
  error: unknown,
  fields: FormFields,
  unexpected = UNEXPECTED_FAILURE,
): FormFailureSplit {
  if (!isApiError(error)) return { fieldErrors: {}, message: unexpected };
  const fieldErrors: FieldErrors = {};
  for (const [serverName, formName] of serverAndFormNames(fields)) {
    // The server names a field bare (`Url`) or under the body property holding it (`Parameters.at`).
    const message =
      error.fieldErrors[serverName] ??
      Object.entries(error.fieldErrors).find(([key]) => key.endsWith(`.${serverName}`))?.[1];
    if (message) fieldErrors[formName] ??= message;
  }
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors, message: undefined };
  return {
    fieldErrors,
    message: error.responseStatus.message || error.fieldErrors.unknownError || UNKNOWN_FIELD_ERROR,
  };
}
