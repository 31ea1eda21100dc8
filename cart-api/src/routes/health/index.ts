import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';

/** GET /healthz: 200 {status:'ok'} while the database answers (load balancers, `pnpm start`). */
const health: FastifyPluginAsync = async (app) => {
  app.get('/healthz', { config: { access: 'public' } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(app.db);
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unavailable');
      return reply.status(503).send({ message: 'Database unavailable' });
    }
    return { status: 'ok' };
  });
};

export default health;
