import type { Kysely } from 'kysely';
import {
  APP_CONFIG,
  EPOP_PRODUCT,
  LOGIN_SYSTEM_MESSAGE,
  REFRESH_TOKEN_SETTING_KEY,
} from '../reference-data.js';

// The slice of the schema this migration writes, as it was when it was written.
interface ReferenceTables {
  product: { product_id: string; code: string; name: string; price_cents: number };
  system_message: {
    system_message_id: string;
    message: string;
    style: string;
    location: string;
    active: number;
    created_at: string;
  };
  app_config: { key: string; value: string };
  setting: { key: string; value: string };
}

export async function up(unknownDb: Kysely<unknown>): Promise<void> {
  const db = unknownDb as Kysely<ReferenceTables>;
  await db.insertInto('product').values(EPOP_PRODUCT).execute();
  await db
    .insertInto('system_message')
    .values({ ...LOGIN_SYSTEM_MESSAGE, active: 1, created_at: new Date().toISOString() })
    .execute();
  await db
    .insertInto('app_config')
    .values(Object.entries(APP_CONFIG).map(([key, value]) => ({ key, value: JSON.stringify(value) })))
    .execute();
  await db
    .insertInto('setting')
    .values({ key: REFRESH_TOKEN_SETTING_KEY, value: JSON.stringify({ enabled: true }) })
    .execute();
}

export async function down(unknownDb: Kysely<unknown>): Promise<void> {
  const db = unknownDb as Kysely<ReferenceTables>;
  await db.deleteFrom('setting').where('key', '=', REFRESH_TOKEN_SETTING_KEY).execute();
  await db.deleteFrom('app_config').execute();
  await db
    .deleteFrom('system_message')
    .where('system_message_id', '=', LOGIN_SYSTEM_MESSAGE.system_message_id)
    .execute();
  await db.deleteFrom('product').where('product_id', '=', EPOP_PRODUCT.product_id).execute();
}
