import { NDT_DEFINITION_PLACEHOLDERS } from 'shared-domain';
import { MASKS } from 'shared-domain/forms';
import { ValidationFailure, type Caller } from 'service-kit';
import type { AppConfig, AppConfigBody, RefreshTokenSetting } from '../../contract/system-message.js';
import { REFRESH_TOKEN_SETTING_KEY } from '../../db/reference-data.js';
import { fieldChanges, logSettingsChange } from './change-log.js';
import type { SettingsDeps } from './manage.js';
import { SYSTEM_MESSAGES_MESSAGES } from './messages.js';
import { appConfig, refreshTokenSetting } from './queries.js';

/** A YouTube video id, as the tutorials page links it (youtube.com/watch?v=…). */
export const YOUTUBE_VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** An app path: one leading slash (never `//host`, which a browser reads as another site), no spaces. */
const APP_PATH = /^\/(?!\/)[^\s\\]*$/;

function isLink(value: string): boolean {
  if (APP_PATH.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.username === '' && url.password === '' && !/\s/.test(value);
  } catch {
    return false;
  }
}

const DEFINITION_LABELS = { keyEmployee: 'key employee definition', hce: 'HCE definition' } as const;
const LINK_LABELS = {
  popImplementationGuide: 'POP implementation guide',
  employeeQuickReferenceGuide: 'employee quick reference guide',
} as const;

/** The body trimmed, or every reason it cannot be saved (nothing is written then). */
function checkedConfig(body: AppConfigBody): AppConfig {
  const problems: string[] = [];
  const config: AppConfig = {
    definitions: { keyEmployee: body.definitions.keyEmployee.trim(), hce: body.definitions.hce.trim() },
    links: {
      popImplementationGuide: body.links.popImplementationGuide.trim(),
      employeeQuickReferenceGuide: body.links.employeeQuickReferenceGuide.trim(),
    },
    videoIds: Object.fromEntries(Object.entries(body.videoIds).map(([name, id]) => [name.trim(), id.trim()])),
    support: { phone: body.support.phone.trim(), email: body.support.email.trim() },
  };
  for (const key of ['keyEmployee', 'hce'] as const) {
    const label = DEFINITION_LABELS[key];
    const definition = config.definitions[key];
    if (definition === '') problems.push(SYSTEM_MESSAGES_MESSAGES.definitionRequired(label));
    for (const [, name] of definition.matchAll(/\{(\w+)\}/g)) {
      if (!(NDT_DEFINITION_PLACEHOLDERS as readonly string[]).includes(name!)) {
        problems.push(SYSTEM_MESSAGES_MESSAGES.unknownPlaceholder(label, name!));
      }
    }
  }
  for (const key of ['popImplementationGuide', 'employeeQuickReferenceGuide'] as const) {
    const link = config.links[key];
    if (link !== '' && !isLink(link)) problems.push(SYSTEM_MESSAGES_MESSAGES.invalidLink(LINK_LABELS[key]));
  }
  for (const [name, id] of Object.entries(config.videoIds)) {
    // The name's form is the schema's (VIDEO_NAME): an unknown field otherwise.
    if (!YOUTUBE_VIDEO_ID.test(id)) problems.push(SYSTEM_MESSAGES_MESSAGES.invalidVideoId(name));
  }
  if (config.support.phone !== '' && !MASKS.phone.pattern.test(config.support.phone)) {
    problems.push(SYSTEM_MESSAGES_MESSAGES.invalidPhone);
  }
  if (config.support.email !== '' && !EMAIL.test(config.support.email)) {
    problems.push(SYSTEM_MESSAGES_MESSAGES.invalidEmail);
  }
  if (problems.length > 0) throw new ValidationFailure(problems);
  return config;
}

/** The change log's view of the configuration: each field as text. */
const CONFIG_LABELS = {
  keyEmployee: 'Key employee definition',
  hce: 'HCE definition',
  popImplementationGuide: 'POP implementation guide link',
  employeeQuickReferenceGuide: 'Employee quick reference guide link',
  videoIds: 'Tutorial videos',
  supportPhone: 'Support phone',
  supportEmail: 'Support e-mail',
};
const logged = (config: AppConfig): Record<string, string> => ({
  ...config.definitions,
  ...config.links,
  videoIds: Object.entries(config.videoIds)
    .map(([name, id]) => `${name}: ${id}`)
    .join(', '),
  supportPhone: config.support.phone,
  supportEmail: config.support.email,
});

/** `POST system-message/config/app`: the whole configuration, logged field by field. */
export async function saveAppConfig(
  { db, now }: SettingsDeps,
  caller: Caller,
  body: AppConfigBody,
): Promise<AppConfig> {
  const config = checkedConfig(body);
  await db.transaction().execute(async (trx) => {
    const before = await appConfig(trx);
    const changes = fieldChanges(CONFIG_LABELS, logged(before), logged(config));
    if (changes.length === 0) return;
    for (const [key, value] of Object.entries(config)) {
      await trx
        .insertInto('app_config')
        .values({ key, value: JSON.stringify(value) })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value) }))
        .execute();
    }
    await logSettingsChange(trx, {
      caller,
      subject: 'app-config',
      action: 'update',
      description: SYSTEM_MESSAGES_MESSAGES.appConfigChanged(changes.map((change) => change.field)),
      changes,
      at: now(),
    });
  });
  return appConfig(db);
}

/**
 * `POST system-message/config/refresh-token`. The gateway reads the setting when it starts (the specs
 * fetch it at startup), so sessions follow a change from the gateway's next start.
 */
export async function saveRefreshTokenSetting(
  { db, now }: SettingsDeps,
  caller: Caller,
  setting: RefreshTokenSetting,
): Promise<RefreshTokenSetting> {
  await db.transaction().execute(async (trx) => {
    const before = await refreshTokenSetting(trx);
    if (before.enabled === setting.enabled) return;
    const value = JSON.stringify({ enabled: setting.enabled });
    await trx
      .insertInto('setting')
      .values({ key: REFRESH_TOKEN_SETTING_KEY, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
    const onOff = (enabled: boolean) => (enabled ? 'On' : 'Off');
    await logSettingsChange(trx, {
      caller,
      subject: 'refresh-token',
      action: 'update',
      description: SYSTEM_MESSAGES_MESSAGES.refreshTokens(setting.enabled),
      changes: [{ field: 'Refresh tokens', before: onOff(before.enabled), after: onOff(setting.enabled) }],
      at: now(),
    });
  });
  return refreshTokenSetting(db);
}

/**
 * The demo seed's support line and address: unmistakable examples (area code 000 does not exist;
 * example.com is reserved for examples, RFC 2606), set only where none is configured yet, so a value
 * compliance set survives a new seed.
 */
export const DEMO_SUPPORT = { phone: '(000) 000-0000', email: 'support@example.com' } as const;

export async function seedDemoSupport(db: SettingsDeps['db']): Promise<void> {
  const { support } = await appConfig(db);
  const filled = {
    phone: support.phone || DEMO_SUPPORT.phone,
    email: support.email || DEMO_SUPPORT.email,
  };
  await db
    .insertInto('app_config')
    .values({ key: 'support', value: JSON.stringify(filled) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(filled) }))
    .execute();
}
