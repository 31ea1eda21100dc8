import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { notFound, ValidationFailure, type Caller } from 'service-kit';
import type {
  ManagedSystemMessage,
  MessageLocation,
  MessageStatus,
  SystemMessageBody,
} from '../../contract/system-message.js';
import type { Database, SystemMessageTable } from '../../db/schema.js';
import { fieldChanges, logSettingsChange } from './change-log.js';
import { SYSTEM_MESSAGES_MESSAGES } from './messages.js';
import { boundInstant, withinWindow } from './window.js';

/** What the operations need: the database and the service's clock (tests move it). */
export interface SettingsDeps {
  db: Kysely<Database>;
  now: () => Date;
}

type Row = Selectable<SystemMessageTable>;

function statusOf(row: Row, now: Date): MessageStatus {
  if (row.active !== 1) return 'inactive';
  const instant = now.toISOString();
  if (row.starts_at !== null && instant < row.starts_at) return 'scheduled';
  if (row.ends_at !== null && row.ends_at <= instant) return 'ended';
  return 'shown';
}

function managed(row: Row, now: Date): ManagedSystemMessage {
  return {
    id: row.system_message_id,
    location: row.location as MessageLocation,
    message: row.message,
    style: row.style,
    from: row.show_from,
    to: row.show_to,
    active: row.active === 1,
    current: row.active === 1 && withinWindow(row.starts_at, row.ends_at, now),
    status: statusOf(row, now),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The change log's view of a message: each field as text. */
const LABELS = {
  location: 'Location',
  message: 'Message',
  style: 'Level',
  from: 'From',
  to: 'To',
  active: 'Active',
};
const logged = (message: SystemMessageBody): Record<string, string> => ({
  location: message.location,
  message: message.message,
  style: message.style,
  from: message.from ?? '',
  to: message.to ?? '',
  active: message.active ? 'Yes' : 'No',
});
const bodyOf = (row: Row): SystemMessageBody => ({
  location: row.location as MessageLocation,
  message: row.message,
  style: row.style,
  from: row.show_from,
  to: row.show_to,
  active: row.active === 1,
});

/** The body's columns, or every reason it cannot be saved (nothing is written then). */
function checkedMessage(body: SystemMessageBody) {
  const problems: string[] = [];
  const message = body.message.trim();
  if (message === '') problems.push(SYSTEM_MESSAGES_MESSAGES.messageRequired);
  const from = body.from?.trim() || null;
  const to = body.to?.trim() || null;
  const startsAt = from === null ? null : boundInstant(from, 'from');
  const endsAt = to === null ? null : boundInstant(to, 'to');
  if (from !== null && startsAt === null) problems.push(SYSTEM_MESSAGES_MESSAGES.invalidFrom);
  if (to !== null && endsAt === null) problems.push(SYSTEM_MESSAGES_MESSAGES.invalidTo);
  if (startsAt !== null && endsAt !== null && endsAt <= startsAt) {
    problems.push(SYSTEM_MESSAGES_MESSAGES.toBeforeFrom);
  }
  if (problems.length > 0) throw new ValidationFailure(problems);
  return {
    clean: { ...body, message, from, to } satisfies SystemMessageBody,
    columns: {
      location: body.location,
      message,
      style: body.style,
      active: body.active ? 1 : 0,
      show_from: from,
      show_to: to,
      starts_at: startsAt,
      ends_at: endsAt,
    },
  };
}

async function messageRow(db: Kysely<Database>, id: string): Promise<Row | undefined> {
  return db.selectFrom('system_message').selectAll().where('system_message_id', '=', id).executeTakeFirst();
}

/** `GET system-message/all`: every message, by location, newest first. */
export async function allMessages({ db, now }: SettingsDeps): Promise<ManagedSystemMessage[]> {
  const rows = await db
    .selectFrom('system_message')
    .selectAll()
    .orderBy('location')
    .orderBy('created_at', 'desc')
    .orderBy('system_message_id')
    .execute();
  const at = now();
  return rows.map((row) => managed(row, at));
}

/** `POST system-message`: a new message, logged. */
export async function createMessage(
  { db, now }: SettingsDeps,
  caller: Caller,
  body: SystemMessageBody,
): Promise<ManagedSystemMessage> {
  const { clean, columns } = checkedMessage(body);
  const at = now();
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('system_message')
      .values({ system_message_id: id, ...columns, created_at: at.toISOString(), updated_at: null })
      .execute();
    await logSettingsChange(trx, {
      caller,
      subject: 'system-message',
      recordId: id,
      action: 'create',
      description: SYSTEM_MESSAGES_MESSAGES.messageCreated(clean.location, clean.message),
      changes: fieldChanges(LABELS, null, logged(clean)),
      at,
    });
  });
  return managed((await messageRow(db, id))!, at);
}

/** `POST system-message/{id}`: the message replaced; a save that changes nothing writes nothing. */
export async function updateMessage(
  { db, now }: SettingsDeps,
  caller: Caller,
  id: string,
  body: SystemMessageBody,
): Promise<ManagedSystemMessage> {
  const { clean, columns } = checkedMessage(body);
  const at = now();
  await db.transaction().execute(async (trx) => {
    const before = await messageRow(trx, id);
    if (!before) throw notFound(SYSTEM_MESSAGES_MESSAGES.notFound);
    const changes = fieldChanges(LABELS, logged(bodyOf(before)), logged(clean));
    if (changes.length === 0) return;
    await trx
      .updateTable('system_message')
      .set({ ...columns, updated_at: at.toISOString() })
      .where('system_message_id', '=', id)
      .execute();
    await logSettingsChange(trx, {
      caller,
      subject: 'system-message',
      recordId: id,
      action: 'update',
      description: SYSTEM_MESSAGES_MESSAGES.messageChanged(clean.location, clean.message),
      changes,
      at,
    });
  });
  const row = await messageRow(db, id);
  if (!row) throw notFound(SYSTEM_MESSAGES_MESSAGES.notFound); // deleted meanwhile
  return managed(row, at);
}

/** `DELETE system-message/{id}`: gone from every page at once, logged with what it was. */
export async function deleteMessage({ db, now }: SettingsDeps, caller: Caller, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await messageRow(trx, id);
    if (!before) throw notFound(SYSTEM_MESSAGES_MESSAGES.notFound);
    await trx.deleteFrom('system_message').where('system_message_id', '=', id).execute();
    await logSettingsChange(trx, {
      caller,
      subject: 'system-message',
      recordId: id,
      action: 'delete',
      description: SYSTEM_MESSAGES_MESSAGES.messageDeleted(before.location, before.message),
      changes: fieldChanges(LABELS, logged(bodyOf(before)), null),
      at: now(),
    });
  });
}
