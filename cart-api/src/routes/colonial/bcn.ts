import type { Kysely } from 'kysely';
import { badRequest, callerOf, Type, type FastifyPluginAsyncTypebox, type Static } from 'service-kit';
import type { Database } from '../../db/schema.js';
import { COMPLIANCE } from '../../lib/contract.js';

/**
 * A BCN (Colonial's billing number) as kept: trimmed, upper case, 1 to 20 letters, digits or hyphens,
 * starting with a letter or digit (README "Colonial files").
 */
export const BCN_PATTERN = /^[A-Z0-9][A-Z0-9-]{0,19}$/;

export const BCN_MESSAGES = {
  blank: 'A BCN cannot be blank: remove the empty item from the list',
  invalid: (bcn: string) => `${bcn} is not a valid BCN: use 1 to 20 letters, digits or hyphens`,
  duplicate: (bcn: string) => `${bcn} is already a test BCN`,
} as const;

/** The BCN as kept, or undefined when blank. */
export const normalizeBcn = (value: string): string | undefined => {
  const bcn = value.trim().toUpperCase();
  return bcn === '' ? undefined : bcn;
};

/** A BCN as typed, checked: the kept form, or a `400 {message}` naming it. */
export function checkedBcn(value: string): string {
  const bcn = normalizeBcn(value);
  if (bcn === undefined) throw badRequest(BCN_MESSAGES.blank);
  if (!BCN_PATTERN.test(bcn)) throw badRequest(BCN_MESSAGES.invalid(value.trim()));
  return bcn;
}

export const TestBcn = Type.Object({
  bcn: Type.String(),
  addedBy: Type.String(),
  addedDate: Type.String({ description: 'ISO timestamp' }),
});
export type TestBcn = Static<typeof TestBcn>;

const AddBcnBody = Type.Object(
  { bcn: Type.String({ maxLength: 100, description: 'one item of the comma-separated list, as typed' }) },
  { additionalProperties: false, examples: [{ bcn: 'TEST-0001' }] },
);

/** The test BCNs, in order. */
export async function testBcns(db: Kysely<Database>): Promise<TestBcn[]> {
  const rows = await db.selectFrom('colonial_test_bcn').selectAll().orderBy('bcn').execute();
  return rows.map((row) => ({ bcn: row.bcn, addedBy: row.added_by, addedDate: row.added_at }));
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

/**
 * `GET colonial/bcn` (the test BCNs) and `POST colonial/bcn {bcn}` (one of them added). The page
 * splits the comma-separated list and posts each item, so each failure is a toast of its own
 * (specs/3-admin.md §8): a blank item, a malformed one, or one already listed answers `400 {message}`
 * and adds nothing.
 */
const bcnRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/bcn',
    {
      config: { access: COMPLIANCE, ownership: 'none' },
      schema: {
        summary: 'The test BCNs (billing numbers whose return-file rows change nothing)',
        response: { 200: Type.Array(TestBcn) },
      },
    },
    async () => testBcns(app.db),
  );

  app.post(
    '/bcn',
    {
      config: { access: COMPLIANCE, ownership: 'none' },
      schema: {
        summary: 'Add one test BCN (the page posts each item of its comma-separated list)',
        body: AddBcnBody,
        response: { 200: TestBcn },
      },
    },
    async (request) => {
      const bcn = checkedBcn(request.body.bcn);
      const caller = callerOf(request);
      const row = {
        bcn,
        added_by: caller.username || caller.userId,
        added_at: new Date().toISOString(),
      };
      const inserted = await app.db
        .insertInto('colonial_test_bcn')
        .values(row)
        .onConflict((oc) => oc.column('bcn').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw badRequest(BCN_MESSAGES.duplicate(bcn));
      return { bcn, addedBy: row.added_by, addedDate: row.added_at };
    },
  );
};

export default bcnRoutes;
