import { sql } from 'kysely';
import { ref, Type, type FastifyPluginAsyncTypebox } from 'service-kit';

/** GET /healthz: 200 {status:'ok'} while the database answers (load balancers, `pnpm start`). */
const health: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/healthz',
    {
      config: { access: 'public', ownership: 'none' },
      schema: {
        summary: 'Liveness: ok while the database answers',
        response: { 200: Type.Object({ status: Type.Literal('ok') }), 503: ref('MessageError') },
      },
    },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
      } catch (error) {
        // request.log: the line carries the request id (the gateway's health check's).
        request.log.error({ err: error }, 'health check: database unavailable');
        return reply.status(503).send({ message: 'Database unavailable' });
      }
      return { status: 'ok' as const };
    },
  );
};

export default health;
