import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MessageErrorBody, ServerErrorBody, ValidationErrorBody } from './schemas.js';

/** The catalogue's texts that both services answer with. */
export const SERVICE_MESSAGES = {
  notFound: 'Not found',
  missingToken: 'Authentication required',
  invalidToken: 'Invalid or expired access token',
  forbidden: 'You do not have permission to perform this action',
  serverError: 'An unexpected error occurred',
} as const;

export type HttpErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

/**
 * An error that answers with its status code and `{message}` (the specs' catalogue), and with
 * `headers` when the answer needs one (a 429's `Retry-After`).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: HttpErrorStatus,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string = SERVICE_MESSAGES.missingToken) => new HttpError(401, message);
export const forbidden = (message: string = SERVICE_MESSAGES.forbidden) => new HttpError(403, message);
export const notFound = (message: string = SERVICE_MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/**
 * `429 {message}` with `Retry-After` in whole seconds (at least 1): a limit is reached, and the
 * caller may try again after that long.
 */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** A validation answer the handler decides itself (business rules after the structural schema). */
export class ValidationFailure extends Error {
  readonly statusCode = 400;
  constructor(readonly errors: string[]) {
    super(errors.join('\n'));
    this.name = 'ValidationFailure';
  }
}

/** The value a business-rule check cleaned, or its messages as a `400 {type:'validation', errors}`. */
export function validOrFail<T>(result: { ok: true; value: T } | { ok: false; errors: string[] }): T {
  if (!result.ok) throw new ValidationFailure(result.errors);
  return result.value;
}

type ValidationIssue = NonNullable<FastifyError['validation']>[number];

/** "pageSize must be <= 100", "name is required", "extra is not allowed". */
export function describeIssue(issue: ValidationIssue, context = 'input'): string {
  const missing = issue.params?.missingProperty;
  const field =
    issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
    (typeof missing === 'string' ? missing : '');
  if (issue.keyword === 'required' && typeof missing === 'string') {
    const parent = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return `${parent ? `${parent}.` : ''}${missing} is required`;
  }
  if (issue.keyword === 'additionalProperties') {
    const extra = issue.params?.additionalProperty;
    return `${field ? `${field}.` : ''}${typeof extra === 'string' ? extra : 'property'} is not allowed`;
  }
  return `${field || context} ${issue.message ?? 'is invalid'}`;
}

export interface ErrorHandlerOptions {
  /** Outside production a 500 carries the error's message and stack (the specs' error window). */
  exposeStackTraces: boolean;
  /**
   * Unknown routes answer `404 {message:'Not found'}` (default). `false` leaves them to the app: the
   * gateway's 404 serves the shell to a page load.
   */
  notFound?: boolean;
}

/**
 * The one error handler of both services, in the specs' catalogue: schema failures →
 * `400 {type:'validation', errors}`, other 4xx → `{message}`, anything else → `500 {errorText,
 * stackTrace?}`, with driver and SQL texts kept from the browser in production.
 */
export const errorHandler = fp<ErrorHandlerOptions>(
  async (app: FastifyInstance, { exposeStackTraces, notFound = true }) => {
    app.setErrorHandler<FastifyError>((error, request, reply) => {
      if (error instanceof ValidationFailure || error.validation) {
        const errors =
          error instanceof ValidationFailure
            ? error.errors
            : (error.validation ?? []).map((issue) => describeIssue(issue, error.validationContext));
        const body: ValidationErrorBody = { type: 'validation', errors: [...new Set(errors)] };
        return reply.status(400).send(body);
      }
      const statusCode = error.statusCode ?? 500;
      if (statusCode >= 400 && statusCode < 500) {
        const body: MessageErrorBody = { message: error.message };
        if (error instanceof HttpError) reply.headers(error.headers);
        return reply.status(statusCode).send(body);
      }
      if (statusCode === 503) {
        return reply.status(503).send({ message: error.message } satisfies MessageErrorBody);
      }
      request.log.error({ err: error }, 'request failed');
      const body: ServerErrorBody = exposeStackTraces
        ? { errorText: error.message || SERVICE_MESSAGES.serverError, stackTrace: error.stack }
        : { errorText: `${SERVICE_MESSAGES.serverError} (request ${request.id})` };
      return reply.status(500).send(body);
    });

    if (notFound) {
      app.setNotFoundHandler((_request, reply) =>
        reply.status(404).send({ message: SERVICE_MESSAGES.notFound } satisfies MessageErrorBody),
      );
    }
  },
  { name: 'service-kit:errors' },
);
