import fp from 'fastify-plugin';
import { sql, type Kysely } from 'kysely';
import { createDatabase } from 'service-kit/server';
import { migrateToLatest } from '../../db/migrate.js';
import type { Database } from '../../db/schema.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
  }
}

/** `app.db`: Kysely on SQLite or PostgreSQL, migrated to the latest schema before routes run. */
export default fp(
  async (app, options: { databaseUrl: string }) => {
    const db = createDatabase<Database>(options.databaseUrl);
    try {
      await migrateToLatest(db);
    } catch (error) {
      await db.destroy();
      throw error;
    }
    app.decorate('db', db);
    // /readyz: a round trip to the database (service-kit's observability bounds it).
    app.lifecycle.addReadinessCheck('database', () => sql`select 1`.execute(db));
    app.addHook('onClose', async () => {
      await db.destroy();
    });
  },
  { name: 'db' },
);
