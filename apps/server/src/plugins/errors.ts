import type { BadRequestBody, ErrorBody, ErrorCode, ValidationErrorBody } from '@app/contract/errors';
import { errorMessages } from '@app/contract/messages';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { databaseUnavailableReason, isDatabaseUnavailable } from '../db/database-unavailable.ts';
import { DomainError, ValidationError, type FieldErrors } from '../lib/domain-errors.ts';

// Codes and messages for the framework's own client errors (bad JSON, wrong content type, ...).
const clientErrors: Record<number, { code: ErrorCode; message: string }> = {
  401: { code: 'unauthenticated', message: 'Unauthenticated.' },
  403: { code: 'forbidden', message: 'This action is unauthorized.' },
  404: { code: 'not_found', message: 'Not found.' },
  413: { code: 'payload_too_large', message: 'The request is too large.' },
  415: { code: 'unsupported_media_type', message: 'Unsupported media type: send JSON.' },
  429: { code: 'too_many_requests', message: 'Too many attempts. Please try again later.' },
};

/**
 * The one error handler (spec section 8, DESIGN section 4):
 * - 422 `{ message, errors }` for invalid input, keyed by field path (`email`, `items.0.name`);
 * - 400 `{ message }`;
 * - every other failure `{ message, code }`;
 * - the database out of reach becomes 503 `service_unavailable` at once (issue 14, "Faults");
 * - unexpected errors become 500 with a generic message: their text, stack or SQL stays in the log.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fieldErrors: FieldErrors = {};
        for (const issue of error.validation) {
          const field = issue.instancePath.split('/').filter(Boolean).join('.') || (error.validationContext ?? 'body');
          (fieldErrors[field] ??= []).push(issue.message ?? errorMessages.invalidData);
        }
        return sendValidationErrors(reply, fieldErrors, errorMessages.invalidData);
      }
      if (error instanceof ValidationError) return sendValidationErrors(reply, error.fieldErrors, error.message);
      if (error instanceof DomainError) {
        if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
        if (error.statusCode === 400) return sendBadRequest(reply.headers(error.headers), error.message);
        return sendError(reply.headers(error.headers), error.statusCode, error.code, error.message);
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
        request.log.info({ err: error }, 'client error');
        // Fastify's own 400 messages (malformed JSON, empty body) are safe and useful to show.
        if (status === 400) return sendBadRequest(reply, error.code?.startsWith('FST_') ? error.message : errorMessages.requestNotProcessed);
        const known = clientErrors[status] ?? { code: 'bad_request', message: errorMessages.requestNotProcessed };
        return sendError(reply, status, known.code, known.message);
      }
      if (isDatabaseUnavailable(error)) return sendDatabaseUnavailable(request, reply, error);
      return sendUnexpected(request, reply, error);
    });
  },
  { name: 'errors' },
);

function sendValidationErrors(reply: FastifyReply, errors: FieldErrors, message: string): FastifyReply {
  const body: ValidationErrorBody = { message, errors };
  return reply.code(422).send(body);
}

function sendBadRequest(reply: FastifyReply, message: string): FastifyReply {
  const body: BadRequestBody = { message };
  return reply.code(400).send(body);
}

function sendError(reply: FastifyReply, status: number, code: ErrorCode, message: string): FastifyReply {
  const body: ErrorBody = { message, code };
  return reply.code(status).send(body);
}

/** Seconds a client is asked to wait before trying again while the database is away. */
const databaseRetryAfterSeconds = 5;

function sendDatabaseUnavailable(request: FastifyRequest, reply: FastifyReply, error: Error): FastifyReply {
  // One line with the driver's reason: the failed query and its parameters (a secret being stored,
  // a password hash) stay out of the log, and an outage does not fill it with stack traces.
  const reason = databaseUnavailableReason(error);
  // node-postgres says the same when the database does not answer and when every pooled connection
  // stayed busy for connectionTimeoutMillis: an operator reading the log needs both possibilities.
  const what = reason.startsWith('timeout exceeded when trying to connect')
    ? 'no database connection within 5 s: the database is unreachable, or every pooled connection stayed busy (an overloaded instance; DATABASE_POOL_SIZE, docs/operations.md); answered 503'
    : 'the database (or another service the request needs) cannot be reached; answered 503';
  request.log.warn({ reason }, what);
  return sendError(reply.header('retry-after', String(databaseRetryAfterSeconds)), 503, 'service_unavailable', errorMessages.serviceUnavailable);
}

function sendUnexpected(request: FastifyRequest, reply: FastifyReply, error: Error): FastifyReply {
  request.log.error({ err: error }, 'unexpected error');
  // The request id lets support find the logged error from what the user reports.
  reply.header('x-request-id', request.id);
  return sendError(reply, 500, 'generic', errorMessages.generic);
}
