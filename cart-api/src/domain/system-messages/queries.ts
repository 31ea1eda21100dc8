import type { Kysely } from 'kysely';
import type { AppConfig, RefreshTokenSetting, SystemMessage } from '../../contract/system-message.js';
import { REFRESH_TOKEN_SETTING_KEY } from '../../db/reference-data.js';
import type { Database } from '../../db/schema.js';

/** The active messages of a location, oldest first. */
export async function activeMessages(db: Kysely<Database>, location: string): Promise<SystemMessage[]> {
  return db
    .selectFrom('system_message')
    .select(['message', 'style', 'location'])
    .where('location', '=', location)
    .where('active', '=', 1)
    .orderBy('created_at')
    .orderBy('system_message_id')
    .execute();
}

export async function appConfig(db: Kysely<Database>): Promise<AppConfig> {
  const rows = await db.selectFrom('app_config').select(['key', 'value']).execute();
  const values = Object.fromEntries(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]));
  return {
    definitions: (values.definitions ?? { keyEmployee: '', hce: '' }) as AppConfig['definitions'],
    links: (values.links ?? {
      popImplementationGuide: '',
      employeeQuickReferenceGuide: '',
    }) as AppConfig['links'],
    videoIds: (values.videoIds ?? {}) as AppConfig['videoIds'],
  };
}

export async function refreshTokenSetting(db: Kysely<Database>): Promise<RefreshTokenSetting> {
  const row = await db
    .selectFrom('setting')
    .select('value')
    .where('key', '=', REFRESH_TOKEN_SETTING_KEY)
    .executeTakeFirst();
  const setting = row ? (JSON.parse(row.value) as Partial<RefreshTokenSetting>) : {};
  return { enabled: setting.enabled === true };
}
