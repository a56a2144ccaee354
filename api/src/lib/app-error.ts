// The one error type of the API. The error middleware turns it into {message, code, fieldErrors?}.
import type { ErrorCode } from '#contracts/api-error.schemas';

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fieldErrors?: Record<string, string>;
  /** Extra response headers, e.g. Retry-After on 429. */
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    status: number,
    options: { fieldErrors?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    this.fieldErrors = options.fieldErrors;
    this.headers = options.headers;
  }

  static badRequest(message: string, fieldErrors?: Record<string, string>) {
    return new AppError(fieldErrors ? 'validation_failed' : 'bad_request', message, 400, { fieldErrors });
  }
  static unauthorized(message = 'Please sign in to continue.') {
    return new AppError('unauthorized', message, 401);
  }
  static forbidden(message = 'You are not allowed to do that.') {
    return new AppError('forbidden', message, 403);
  }
  static notFound(message = 'Not found.') {
    return new AppError('not_found', message, 404);
  }
  static conflict(message: string) {
    return new AppError('conflict', message, 409);
  }
  static tooManyRequests(retryAfterSeconds: number, message = 'Too many attempts. Please try again later.') {
    return new AppError('rate_limited', message, 429, { headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
  }
  static unavailable(message: string) {
    return new AppError('unavailable', message, 503);
  }
}
