import type { ErrorCode } from '@app/contract/errors';
import { errorMessages } from '@app/contract/messages';

// Services throw these; the error plugin turns them into the bodies of spec section 8. Their
// messages are written for users, so they are sent as they are (unlike unexpected errors).

/** Field name (as the form uses it, e.g. `email` or `items.0.name`) to its messages. */
export type FieldErrors = Record<string, string[]>;

export class DomainError extends Error {
  override name = 'DomainError';

  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message: string,
    /** Extra response headers, such as Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** 422 `{ message, errors }`: the forms show each message under its field. */
export class ValidationError extends DomainError {
  override name = 'ValidationError';

  constructor(
    readonly fieldErrors: FieldErrors,
    message: string = errorMessages.invalidData,
  ) {
    super('validation_failed', 422, message);
  }
}

/** 400 `{ message }`: the web shows the message as it is. */
export class BadRequestError extends DomainError {
  override name = 'BadRequestError';

  constructor(message: string) {
    super('bad_request', 400, message);
  }
}

export class UnauthenticatedError extends DomainError {
  override name = 'UnauthenticatedError';

  constructor(message = 'Unauthenticated.') {
    super('unauthenticated', 401, message);
  }
}

export class ForbiddenError extends DomainError {
  override name = 'ForbiddenError';

  constructor(message = 'This action is unauthorized.') {
    super('forbidden', 403, message);
  }
}

export class NotFoundError extends DomainError {
  override name = 'NotFoundError';

  constructor(message = 'Not found.') {
    super('not_found', 404, message);
  }
}

/** 419, Laravel's status for a missing or wrong CSRF token, which the spec's client expects. */
export class CsrfMismatchError extends DomainError {
  override name = 'CsrfMismatchError';

  constructor(message = 'CSRF token mismatch.') {
    super('csrf_mismatch', 419, message);
  }
}

export class TooManyRequestsError extends DomainError {
  override name = 'TooManyRequestsError';

  constructor(
    readonly retryAfterSeconds: number,
    message = 'Too many attempts. Please try again later.',
  ) {
    super('too_many_requests', 429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

export class ServiceUnavailableError extends DomainError {
  override name = 'ServiceUnavailableError';

  constructor(message: string = errorMessages.tryAgainLater) {
    super('service_unavailable', 503, message);
  }
}
