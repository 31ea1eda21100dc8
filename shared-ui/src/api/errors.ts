import type { components } from './generated/schema.js';

/** The catalogue's error bodies, as the generated client names them (service-kit's schemas). */
export type ValidationErrorBody = components['schemas']['ValidationError'];
export type MessageErrorBody = components['schemas']['MessageError'];
export type ServerErrorBody = components['schemas']['ServerError'];

/** A failed call: `status` is null when no response arrived. The user has already been told. */
export class ApiError extends Error {
  readonly status: number | null;
  readonly body: unknown;

  constructor(status: number | null, body: unknown, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/**
 * A 404: the record is missing, or it is not the caller's (the API answers both alike). The page says
 * so in place of its content; read the answer with `call(…, { quiet: [404] })` so no toast says it too.
 */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isValidationError(body: unknown): body is ValidationErrorBody {
  return isObject(body) && body.type === 'validation' && Array.isArray(body.errors);
}

export function isMessageError(body: unknown): body is MessageErrorBody {
  return isObject(body) && typeof body.message === 'string';
}

export function isServerError(body: unknown): body is ServerErrorBody {
  return isObject(body) && typeof body.errorText === 'string';
}

export { isObject };
