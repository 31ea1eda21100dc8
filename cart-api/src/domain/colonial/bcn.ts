import type { Kysely } from 'kysely';
import { badRequest, type Caller } from 'service-kit';
import type { Database } from '../../db/schema.js';
import type { TestBcn } from '../../contract/colonial.js';
import { COLONIAL_MESSAGES } from './messages.js';

export const BCN_PATTERN = /^[A-Z0-9][A-Z0-9-]{0,19}$/;

/** The BCN as kept, or undefined when blank. */
export const normalizeBcn = (value: string): string | undefined => {
  const bcn = value.trim().toUpperCase();
  return bcn === '' ? undefined : bcn;
};

/** A BCN as typed, checked: the kept form, or a `400 {message}` naming it. */
export function checkedBcn(value: string): string {
  const bcn = normalizeBcn(value);
  if (bcn === undefined) throw badRequest(COLONIAL_MESSAGES.bcn.blank);
  if (!BCN_PATTERN.test(bcn)) throw badRequest(COLONIAL_MESSAGES.bcn.invalid(value.trim()));
  return bcn;
}

/** The test BCNs, in order. */
export async function testBcns(db: Kysely<Database>): Promise<TestBcn[]> {
  const rows = await db.selectFrom('colonial_test_bcn').selectAll().orderBy('bcn').execute();
  return rows.map((row) => ({ bcn: row.bcn, addedBy: row.added_by, addedDate: row.added_at }));
}

/**
 * `POST colonial/bcn`: one test BCN added, as typed (checked and kept as checkedBcn says); one already
 * listed is refused (`400 {message}`) and nothing is added.
 */
export async function addTestBcn(
  db: Kysely<Database>,
  caller: Pick<Caller, 'userId' | 'username'>,
  value: string,
): Promise<TestBcn> {
  const bcn = checkedBcn(value);
  const row = {
    bcn,
    added_by: caller.username || caller.userId,
    added_at: new Date().toISOString(),
  };
  const inserted = await db
    .insertInto('colonial_test_bcn')
    .values(row)
    .onConflict((oc) => oc.column('bcn').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0)
    throw badRequest(COLONIAL_MESSAGES.bcn.duplicate(bcn));
  return { bcn, addedBy: row.added_by, addedDate: row.added_at };
}

/** `GET client/search?bcn=`: the clients whose BCN is this one (at most one: BCNs are unique). */
export async function clientsWithBcn(db: Kysely<Database>, value: string) {
  const bcn = normalizeBcn(value);
  if (bcn === undefined) return [];
  const rows = await db
    .selectFrom('company')
    .select(['company_id', 'name', 'address_line1', 'city', 'state'])
    .where('kind', '=', 'client')
    .where('bcn', '=', bcn)
    .orderBy('name')
    .execute();
  return rows.map((row) => ({
    clientId: row.company_id,
    name: row.name,
    address: row.address_line1 ?? '',
    city: row.city ?? '',
    state: row.state ?? '',
  }));
}
