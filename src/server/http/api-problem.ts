import type { components } from '../../api/schema';

export type ErrorResponse = components['schemas']['ErrorResponse'];
export type FieldError = components['schemas']['ResponseError'];

/** How long a client waits before asking again while the database cannot be reached. */
export const unavailableRetryAfterSeconds = 5;

/** A failed request, answered with the contract's ErrorResponse by the error handler. */
export class ApiProblem extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: string,
    message: string,
    readonly fieldErrors: FieldError[] = [],
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ApiProblem';
  }

  get body(): ErrorResponse {
    return {
      responseStatus: {
        errorCode: this.errorCode,
        message: this.message,
        errors: this.fieldErrors,
      },
    };
  }

  static invalid(fieldErrors: FieldError[], message = 'Please check the highlighted fields.') {
    return new ApiProblem(400, 'ValidationException', message, fieldErrors);
  }

  static unauthorized() {
    return new ApiProblem(401, 'Unauthorized', 'Please sign in again.');
  }

  static forbidden(message = 'You do not have access to this.') {
    return new ApiProblem(403, 'Forbidden', message);
  }

  static notFound() {
    return new ApiProblem(404, 'NotFound', 'We could not find that.');
  }

  static tooManyRequests(retryAfterSeconds: number) {
    return new ApiProblem(
      429,
      'TooManyRequests',
      'Too many requests. Please wait a moment and try again.',
      [],
      { 'retry-after': String(retryAfterSeconds) },
    );
  }

  /** A path with a broken percent-escape (`%FF`, a lone `%`): nothing can be read from it. */
  static unreadableAddress() {
    return new ApiProblem(
      400,
      'BadRequest',
      'This address holds a broken %-escape. Encode each reserved character as %XX in UTF-8.',
    );
  }

  static bodyTooLarge() {
    return new ApiProblem(
      413,
      'PayloadTooLarge',
      'The request body is over 64 KiB, larger than any valid request.',
    );
  }

  static unsupportedMediaType() {
    return new ApiProblem(
      415,
      'UnsupportedMediaType',
      'Send the body as JSON, with Content-Type: application/json.',
    );
  }

  static addressTooLong() {
    return new ApiProblem(414, 'UriTooLong', 'A part of this address is too long to be valid.');
  }

  static headersTooLarge() {
    return new ApiProblem(
      431,
      'RequestHeaderFieldsTooLarge',
      'The request headers are too large. Send fewer or shorter cookies and headers.',
    );
  }

  static requestTimeout() {
    return new ApiProblem(
      408,
      'RequestTimeout',
      'The request took too long to arrive. Please send it again.',
    );
  }

  static notImplemented(operationId: string) {
    return new ApiProblem(501, 'NotImplemented', `${operationId} is not implemented yet.`);
  }

  /** The database cannot be reached; nothing was written, and the request can be sent again. */
  static unavailable() {
    return new ApiProblem(
      503,
      'ServiceUnavailable',
      'Shelflink cannot reach its database just now. Nothing was changed; please try again in a moment.',
      [],
      { 'retry-after': String(unavailableRetryAfterSeconds) },
    );
  }

  static internal() {
    return new ApiProblem(
      500,
      'InternalServerError',
      'Something went wrong on our side. We have been told about it.',
    );
  }
}
