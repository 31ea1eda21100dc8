import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { Config } from '../../config.js';
import { openDatabase, type Db } from '../../db/index.js';
import { migrateToLatest } from '../../db/migrate.js';
import { purgeExpired } from '../../oidc/adapter.js';

declare module 'fastify' {
  interface FastifyInstance {
    identityDb: Db;
  }
}

/** Opens the database, brings its schema up to date before anything serves, closes it on close. */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const db = openDatabase(config.databaseUrl);
    try {
      await migrateToLatest(db);
      await purgeExpired(db);
    } catch (error) {
      await db.destroy();
      throw error;
    }
    app.decorate('identityDb', db);
    // /readyz: an instance that cannot reach its database leaves the load balancer's rotation.
    app.lifecycle.addReadinessCheck('database', () => sql`select 1`.execute(db));
    app.addHook('onClose', async () => db.destroy());
  },
  { name: 'db' },
);
