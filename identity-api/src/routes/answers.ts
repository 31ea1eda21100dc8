/** An error the error handler answers as `{message}` with its status (README "Errors"). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The catalogue's validation answer: `400 {type:'validation', errors}`. */
export function validationErrors(errors: string[]) {
  return { type: 'validation' as const, errors };
}
