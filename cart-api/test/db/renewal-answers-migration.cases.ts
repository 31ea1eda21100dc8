import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Kysely } from 'kysely';
import { RENEWAL_CLEARED_ANSWERS } from 'shared-domain/forms';
import * as renewalAnswers from '../../src/db/migrations/0027-renewal-answers.js';
import type { Database } from '../../src/db/schema.js';
import { migratedDatabase } from '../helpers/database.js';
import { companyRow, documentRow } from '../helpers/rows.js';

/** Last year's amendment answers, as renewals made before issue 22 copied them. */
const AMENDMENT = {
  clientCompanyName: 'Chain Co',
  amendmentToOriginal: true,
  amendmentEffectiveDate: '2025-04-01',
  allowHSAContributions: true,
  hsaAmendmentEffectiveDate: '2025-04-01',
  dateOfEligibility: 'Other',
  otherDateOfEligibility: '2025-04-15',
};

/**
 * Migration 0027 (review of issue 22 item 3): an unpaid renewal made before renewals cleared last
 * year's answers gets them cleared as `renewalForm` clears them, and the original effective date it
 * lacks from its chain; paid documents, documents that renew nothing and inactive ones are left alone.
 */
describe('migration 0027: the answers of unpaid renewals', () => {
  let database: Awaited<ReturnType<typeof migratedDatabase>>;
  let db: Kysely<Database>;
  let clientId: string;
  const ownerUserId = randomUUID();

  beforeAll(async () => {
    database = await migratedDatabase();
    db = database.db;
    const client = companyRow('Chain Co');
    clientId = client.company_id;
    await db.insertInto('company').values(client).execute();
  });
  afterAll(async () => {
    await database.close();
  });

  /** A seeded document of the client: its plan year `year`, its answers `form`, and `overrides`. */
  async function seeded(
    year: number,
    form: Record<string, unknown>,
    overrides: Parameters<typeof documentRow>[2] = {},
  ): Promise<string> {
    const row = documentRow(ownerUserId, clientId, {
      plan_year_start: `${year}-01-01`,
      plan_year_end: `${year}-12-31`,
      json: JSON.stringify({
        ...form,
        currentPlanYearStartDate: `${year}-01-01`,
        currentPlanYearEndDate: `${year}-12-31`,
        ...(overrides.original_document_id ? { originalDocumentId: overrides.original_document_id } : {}),
      }),
      ...overrides,
    });
    await db.insertInto('epop_document').values(row).execute();
    return row.document_id;
  }
  const answersOf = async (documentId: string) =>
    JSON.parse(
      (
        await db
          .selectFrom('epop_document')
          .select('json')
          .where('document_id', '=', documentId)
          .executeTakeFirstOrThrow()
      ).json,
    ) as Record<string, unknown>;

  it("clears an unpaid renewal's copied amendment answers and carries the original effective date from its chain", async () => {
    // 2024 the plan's first year; 2025 its renewal (which stored no original effective date) and an
    // amendment; 2026 auto-renewed from 2025 before the change, still unpaid, holding 2025's answers.
    const first = await seeded(2024, { clientCompanyName: 'Chain Co' });
    const paidRenewal = await seeded(2025, AMENDMENT, { original_document_id: first });
    const unpaid = await seeded(2026, AMENDMENT, { original_document_id: paidRenewal, status: 'Unpaid' });
    // One that names its original effective date keeps it.
    const named = await seeded(
      2026,
      { ...AMENDMENT, originalEffectiveDate: '2019-01-01' },
      { original_document_id: await seeded(2025, {}), status: 'Unpaid' },
    );
    // Left alone: a paid renewal, an unpaid document that renews nothing, an inactive unpaid renewal.
    const invitation = await seeded(2026, AMENDMENT, { status: 'Unpaid' });
    const inactive = await seeded(2026, AMENDMENT, {
      original_document_id: first,
      status: 'Unpaid',
      active: 0,
    });
    const untouched = [paidRenewal, invitation, inactive];
    const before = await Promise.all(untouched.map(answersOf));

    await renewalAnswers.up(db as Kysely<unknown>);

    expect(await answersOf(unpaid)).toEqual({
      ...AMENDMENT,
      ...RENEWAL_CLEARED_ANSWERS,
      originalEffectiveDate: '2024-01-01',
      currentPlanYearStartDate: '2026-01-01',
      currentPlanYearEndDate: '2026-12-31',
      originalDocumentId: paidRenewal,
    });
    expect(await answersOf(named)).toMatchObject({
      ...RENEWAL_CLEARED_ANSWERS,
      originalEffectiveDate: '2019-01-01',
      allowHSAContributions: true,
      dateOfEligibility: 'Other',
    });
    expect(await Promise.all(untouched.map(answersOf))).toEqual(before);

    // Run again, it changes nothing more; `down` puts nothing back.
    await renewalAnswers.up(db as Kysely<unknown>);
    await renewalAnswers.down();
    expect(await answersOf(unpaid)).toMatchObject({
      amendmentToOriginal: false,
      originalEffectiveDate: '2024-01-01',
    });
  });

  it('takes the date of the first document that was an amendment, and ends on a cycle', async () => {
    const first = await seeded(2023, { amendmentToOriginal: true, amendmentEffectiveDate: '2023-06-01' });
    const unpaid = await seeded(2024, AMENDMENT, { original_document_id: first, status: 'Unpaid' });
    // Two documents naming each other (a broken chain): the walk stops at the one seen twice.
    const a = randomUUID();
    const b = await seeded(2022, {}, { original_document_id: a });
    await seeded(2021, {}, { document_id: a, original_document_id: b, active: 0 });
    const looped = await seeded(2026, AMENDMENT, { original_document_id: b, status: 'Unpaid' });

    await renewalAnswers.up(db as Kysely<unknown>);

    expect(await answersOf(unpaid)).toMatchObject({ originalEffectiveDate: '2023-06-01' });
    expect(await answersOf(looped)).toMatchObject({ originalEffectiveDate: '2021-01-01' });
  });
});
