import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Kysely } from 'kysely';
import * as settingsUtilities from '../../src/db/migrations/0029-settings-utilities.js';
import type { Database } from '../../src/db/schema.js';
import { appConfig, currentMessages } from '../../src/domain/system-messages/queries.js';
import { migratedDatabase } from '../helpers/database.js';

/**
 * Migration 0029 (issue 23 item 3): the guide links move from /docs/ (where nothing was served) to the
 * gateway's /guides/, a link compliance changed stays; the configuration gets a blank support entry;
 * the messages get their window (the existing ones open-ended: still shown); `down` undoes it all.
 */
describe('migration 0029: the settings of Utilities', () => {
  let database: Awaited<ReturnType<typeof migratedDatabase>>;
  let db: Kysely<Database>;
  const stored = async (key: string) => {
    const row = await db.selectFrom('app_config').select('value').where('key', '=', key).executeTakeFirst();
    return row && (JSON.parse(row.value) as unknown);
  };

  beforeAll(async () => {
    database = await migratedDatabase();
    db = database.db;
  });
  afterAll(async () => {
    await database.close();
  });

  it('a migrated database links the generated guides, keeps the login message shown, and has no support yet', async () => {
    const config = await appConfig(db);
    expect(config.links).toEqual(settingsUtilities.LINKS_OF_0029);
    expect(config.support).toEqual({ phone: '', email: '' });
    expect(await currentMessages(db, 'login', new Date())).toHaveLength(1);
  });

  it('moves the old default links on a database in use, keeps a changed one, and goes down again', async () => {
    await settingsUtilities.down(db as Kysely<unknown>);
    expect(await stored('links')).toEqual(settingsUtilities.LINKS_BEFORE_0029);
    expect(await stored('support')).toBeUndefined();

    // Compliance had pointed the quick reference elsewhere: that stays.
    await db
      .updateTable('app_config')
      .set({
        value: JSON.stringify({
          ...settingsUtilities.LINKS_BEFORE_0029,
          employeeQuickReferenceGuide: 'https://example.com/our-own.pdf',
        }),
      })
      .where('key', '=', 'links')
      .execute();
    await settingsUtilities.up(db as Kysely<unknown>);
    expect(await stored('links')).toEqual({
      popImplementationGuide: '/guides/pop-implementation-guide.pdf',
      employeeQuickReferenceGuide: 'https://example.com/our-own.pdf',
    });
    expect(await stored('support')).toEqual({ phone: '', email: '' });
    const message = await db.selectFrom('system_message').selectAll().executeTakeFirstOrThrow();
    expect(message).toMatchObject({ show_from: null, show_to: null, starts_at: null, ends_at: null });
    expect(await db.selectFrom('settings_change').selectAll().execute()).toEqual([]);
  });

  it('stores the links where none were stored', async () => {
    await settingsUtilities.down(db as Kysely<unknown>);
    await db.deleteFrom('app_config').where('key', '=', 'links').execute();
    await settingsUtilities.up(db as Kysely<unknown>);
    expect(await stored('links')).toEqual(settingsUtilities.LINKS_OF_0029);
  });
});
