import type { Kysely } from 'kysely';
import { APP_CONFIG } from '../reference-data.js';

/**
 * The one text of each NDT definition (issue 22 item 2): the configured key-employee and HCE
 * definitions become shared-domain's templates (the HCE text with officers and spouses or
 * dependents, the key-employee text with the officer rule), whose `{officerLimit}`-style placeholders
 * the screens and the plan document fill with the plan year's limits. Any other key stored beside them
 * stays; `down` puts back the texts migration 0002 stored before.
 */

// The slice of the schema this migration writes, as it was when it was written.
interface ConfigTables {
  app_config: { key: string; value: string };
}

/** The definitions as migration 0002 stored them until this one. */
export const DEFINITIONS_BEFORE_0025 = {
  keyEmployee:
    'A key employee is an employee who owns more than 5% of the business, or who owns more than 1% of ' +
    'the business and has compensation over $150,000.',
  hce:
    'A highly compensated employee (HCE) is an employee who owned more than 5% of the business at any ' +
    'time during the year or the preceding year, or who received compensation above the IRS limit in ' +
    'the preceding year.',
};

async function storeDefinitions(db: Kysely<ConfigTables>, texts: { keyEmployee: string; hce: string }) {
  const row = await db
    .selectFrom('app_config')
    .select('value')
    .where('key', '=', 'definitions')
    .executeTakeFirst();
  if (!row) {
    await db
      .insertInto('app_config')
      .values({ key: 'definitions', value: JSON.stringify(texts) })
      .execute();
    return;
  }
  let stored: unknown;
  try {
    stored = JSON.parse(row.value);
  } catch {
    stored = null;
  }
  const others = stored && typeof stored === 'object' && !Array.isArray(stored) ? stored : {};
  await db
    .updateTable('app_config')
    .set({ value: JSON.stringify({ ...others, ...texts }) })
    .where('key', '=', 'definitions')
    .execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await storeDefinitions(db as Kysely<ConfigTables>, APP_CONFIG.definitions);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await storeDefinitions(db as Kysely<ConfigTables>, DEFINITIONS_BEFORE_0025);
}
