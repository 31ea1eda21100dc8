import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';

/** One error handler speaking the specs' error format (README "Errors"). */
export default fp<{ production: boolean }>(
  async (app, { production }) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.validation) {
        return reply.status(400).send({ type: 'validation', errors: error.validation.map((v) => v.message) });
      }
      const status = error.statusCode ?? 500;
      if (status < 500) return reply.status(status).send({ message: error.message });
      request.log.error({ err: error }, 'unhandled error');
      return reply
        .status(500)
        .send(
          production
            ? { errorText: 'Internal server error' }
            : { errorText: error.message, stackTrace: error.stack },
        );
    });
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send({ message: `Route ${request.method} ${request.url} not found` }),
    );
  },
  { name: 'errors' },
);
