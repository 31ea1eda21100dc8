import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Kysely } from 'kysely';
import { NDT_DEFINITION_TEMPLATES } from 'shared-domain';
import * as ndtDefinitions from '../../src/db/migrations/0025-ndt-definitions.js';
import type { Database } from '../../src/db/schema.js';
import { appConfig } from '../../src/domain/system-messages/queries.js';
import { migratedDatabase } from '../helpers/database.js';

/**
 * Migration 0025 (issue 22 item 2): the configured definitions become shared-domain's templates, the
 * one text of each; `down` puts the older texts back, and `up` replaces them again, keeping any other
 * key stored beside them.
 */
describe('migration 0025: the NDT definitions', () => {
  let database: Awaited<ReturnType<typeof migratedDatabase>>;
  let db: Kysely<Database>;
  const storedDefinitions = async () =>
    JSON.parse(
      (
        await db
          .selectFrom('app_config')
          .select('value')
          .where('key', '=', 'definitions')
          .executeTakeFirstOrThrow()
      ).value,
    ) as Record<string, string>;

  beforeAll(async () => {
    database = await migratedDatabase();
    db = database.db;
  });
  afterAll(async () => {
    await database.close();
  });

  it('a migrated database serves the templates, with officers in both definitions', async () => {
    const { definitions } = await appConfig(db);
    expect(definitions).toEqual(NDT_DEFINITION_TEMPLATES);
    expect(definitions.hce).toMatch(/officer/);
    expect(definitions.keyEmployee).toMatch(/officer paid more than \{officerLimit\}/);
  });

  it('replaces the older texts on a database in use, and goes down again', async () => {
    await ndtDefinitions.down(db as Kysely<unknown>);
    expect(await storedDefinitions()).toEqual(ndtDefinitions.DEFINITIONS_BEFORE_0025);

    await db
      .updateTable('app_config')
      .set({ value: JSON.stringify({ ...ndtDefinitions.DEFINITIONS_BEFORE_0025, note: 'kept' }) })
      .where('key', '=', 'definitions')
      .execute();
    await ndtDefinitions.up(db as Kysely<unknown>);
    expect(await storedDefinitions()).toEqual({ ...NDT_DEFINITION_TEMPLATES, note: 'kept' });
  });

  it('stores the templates where no definitions were stored', async () => {
    await db.deleteFrom('app_config').where('key', '=', 'definitions').execute();
    await ndtDefinitions.up(db as Kysely<unknown>);
    expect((await appConfig(db)).definitions).toEqual(NDT_DEFINITION_TEMPLATES);
  });
});
