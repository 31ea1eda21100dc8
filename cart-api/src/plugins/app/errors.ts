import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import type { MessageErrorBody, ServerErrorBody, ValidationErrorBody } from 'shared-domain';

export const NOT_FOUND_MESSAGE = 'Not found';
export const SERVER_ERROR_TEXT = 'An unexpected error occurred';

type ValidationIssue = NonNullable<FastifyError['validation']>[number];

/**
 * The one error handler, speaking the specs' catalogue (README "Errors"):
 * schema failures → 400 {type:'validation', errors}, other 4xx → {message},
 * anything else → 500 {errorText, stackTrace?}, with the stack only outside production.
 */
export default fp(
  async (app, options: { exposeStackTraces: boolean }) => {
    app.setErrorHandler<FastifyError>((error, request, reply) => {
      if (error.validation) {
        const body: ValidationErrorBody = {
          type: 'validation',
          errors: error.validation.map(describeIssue),
        };
        return reply.status(400).send(body);
      }
      const statusCode = error.statusCode ?? 500;
      if (statusCode >= 400 && statusCode < 500) {
        const body: MessageErrorBody = { message: error.message };
        return reply.status(statusCode).send(body);
      }
      request.log.error({ err: error }, 'request failed');
      // In production the text is generic: driver and SQL messages are not for the browser.
      const body: ServerErrorBody = options.exposeStackTraces
        ? { errorText: error.message || SERVER_ERROR_TEXT, stackTrace: error.stack }
        : { errorText: `${SERVER_ERROR_TEXT} (request ${request.id})` };
      return reply.status(500).send(body);
    });

    app.setNotFoundHandler((_request, reply) => {
      const body: MessageErrorBody = { message: NOT_FOUND_MESSAGE };
      return reply.status(404).send(body);
    });
  },
  { name: 'errors' },
);

/** "pageSize must be <= 100", "searchText must NOT have more than 200 characters". */
function describeIssue(issue: ValidationIssue): string {
  const missing = issue.params?.missingProperty;
  const field =
    issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
    (typeof missing === 'string' ? missing : '');
  if (issue.keyword === 'required' && typeof missing === 'string') return `${missing} is required`;
  if (issue.keyword === 'additionalProperties') {
    return `${issue.params?.additionalProperty ?? 'property'} is not allowed`;
  }
  return field ? `${field} ${issue.message ?? 'is invalid'}` : (issue.message ?? 'is invalid');
}
