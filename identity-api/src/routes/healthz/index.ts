import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/** Liveness with a database round trip: 200 only when the database answers. */
export default async function healthzRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/healthz',
    {
      schema: {
        hide: true,
        response: {
          200: { type: 'object', properties: { status: { type: 'string' } }, required: ['status'] },
          503: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
        },
      },
    },
    async (_request, reply) => {
      try {
        await sql`select 1`.execute(app.identityDb);
      } catch (error) {
        app.log.error({ err: error }, 'database check failed');
        return reply.status(503).send({ message: 'database unavailable' });
      }
      return { status: 'ok' };
    },
  );
}
