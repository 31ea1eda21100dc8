import type { Kysely } from 'kysely';
import { unauthorized, type Caller } from 'service-kit';
import type {
  AppConfig,
  MessageLocation,
  RefreshTokenSetting,
  SystemMessage,
} from '../../contract/system-message.js';
import { REFRESH_TOKEN_SETTING_KEY } from '../../db/reference-data.js';
import type { Database } from '../../db/schema.js';

/** The one location whose messages a guest reads: the sign-in page's. */
export const GUEST_LOCATION: MessageLocation = 'login';

/**
 * `GET system-message?location=`: the sign-in page's messages (`login`) are a guest's to read; every
 * other location's (the signed-in home's) only a signed-in caller's: a guest gets `401 {message}`.
 * The route is open to guests (`access: 'optional'`, the gateway's public route), so this is the check.
 */
export async function messagesFor(
  db: Kysely<Database>,
  caller: Caller | null,
  location: string,
  now: Date,
): Promise<SystemMessage[]> {
  if (location !== GUEST_LOCATION && !caller) throw unauthorized();
  return currentMessages(db, location, now);
}

/**
 * The current messages of a location, oldest first: active, and `now` within their window
 * (`starts_at <= now < ends_at`, an open end counting as always; window.ts).
 */
export async function currentMessages(
  db: Kysely<Database>,
  location: string,
  now: Date,
): Promise<SystemMessage[]> {
  const instant = now.toISOString();
  return db
    .selectFrom('system_message')
    .select(['message', 'style', 'location'])
    .where('location', '=', location)
    .where('active', '=', 1)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', instant)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', instant)]))
    .orderBy('created_at')
    .orderBy('system_message_id')
    .execute();
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const object = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

export async function appConfig(db: Kysely<Database>): Promise<AppConfig> {
  const rows = await db.selectFrom('app_config').select(['key', 'value']).execute();
  const values = Object.fromEntries(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]));
  const definitions = object(values.definitions);
  const links = object(values.links);
  const support = object(values.support);
  return {
    definitions: { keyEmployee: text(definitions.keyEmployee), hce: text(definitions.hce) },
    links: {
      popImplementationGuide: text(links.popImplementationGuide),
      employeeQuickReferenceGuide: text(links.employeeQuickReferenceGuide),
    },
    videoIds: Object.fromEntries(
      Object.entries(object(values.videoIds)).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    ),
    support: { phone: text(support.phone), email: text(support.email) },
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
