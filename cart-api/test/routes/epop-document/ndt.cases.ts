import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { FACTS_AND_CIRCUMSTANCES } from 'shared-domain';
import { seededTestApp, snapshot, type Account } from '../../helpers/parties.js';
import { daysFromToday, documentRow } from '../../helpers/rows.js';

interface Stored {
  id: string;
  documentId: string;
  takenBy: string;
  pass: boolean;
  ndtResult: string;
  safeHarbor: boolean;
  planYearEnd: string;
  input: Record<string, unknown>;
  results: {
    step: string;
    pass: boolean;
    why: string;
    figures: Record<string, number | null>;
    citation?: string;
    needed?: boolean;
    remedy?: string | null;
  }[];
}

const SAFE_HARBOR = { ndtAnswer1: true, ndtAnswer2: true, ndtAnswer3: true, ndtAnswer4: true };
/** Every step to 7 with step 3 no: the eligibility ratio decides (the domain note's worked examples). */
const fullTest = (counts: object, overrides: object = {}) => ({
  ndtAnswer1: true,
  ndtAnswer2: true,
  ndtAnswer3: false,
  ndtAnswer3a: true,
  ...counts,
  ndtAnswer4: true,
  ndtAnswer5: true,
  ndtAnswer6: true,
  totalCostOfBenefits: 100_000,
  totalCostKeyEmployees: 10_000,
  ...overrides,
});

/** Non-discrimination testing (issue 11): the server computes, stores and answers the result. */
describe('POST /epop-document/:documentId/non-discrimination, GET …/non-discrimination/:resultId, …/admin/non-discrimination-results', () => {
  const suite = seededTestApp();

  async function documentOf(overrides: Parameters<typeof documentRow>[2] = {}) {
    const { records } = suite.parties;
    const row = documentRow(records.brokerA.userId, records.brokerA.companyId, overrides);
    await suite.ctx.db.insertInto('epop_document').values(row).execute();
    return row.document_id;
  }
  const take = (account: Account, documentId: string, answers: object) =>
    suite.ctx.send(account, 'POST', `/epop-document/${documentId}/non-discrimination`, answers);

  it('gives the worked examples the domain note’s results and stores each test', async () => {
    const { brokerA } = suite.parties.accounts;
    const documentId = await documentOf();

    const safe = await take(brokerA, documentId, SAFE_HARBOR);
    expect(safe.statusCode).toBe(200);
    expect(safe.json<Stored>()).toMatchObject({
      documentId,
      pass: true,
      ndtResult: 'Pass',
      safeHarbor: true,
    });

    // 16 non-HCEs (12 eligible), 4 HCEs (4 eligible): ratio 75, C 80, safe harbor 35 → pass.
    const ratio75 = (
      await take(
        brokerA,
        documentId,
        fullTest({ eligibleNonHces: 12, totalNonHces: 16, eligibleHces: 4, totalHces: 4 }),
      )
    ).json<Stored>();
    expect(ratio75.ndtResult).toBe('Pass');
    expect(ratio75.results.find((row) => row.step === '3b')).toMatchObject({
      pass: true,
      figures: expect.objectContaining({ ratio: 75, C: 80, safe: 35 }),
    });

    // 5 non-HCEs (1 eligible), 5 HCEs (5 eligible): ratio 20, safe 50, unsafe 40 → fail.
    const ratio20 = (
      await take(
        brokerA,
        documentId,
        fullTest({ eligibleNonHces: 1, totalNonHces: 5, eligibleHces: 5, totalHces: 5 }),
      )
    ).json<Stored>();
    expect(ratio20).toMatchObject({ pass: false, ndtResult: 'Fail' });
    expect(ratio20.results.find((row) => row.step === '3b')).toMatchObject({
      pass: false,
      figures: expect.objectContaining({ ratio: 20, safe: 50, unsafe: 40 }),
    });

    // Between the harbors (ratio 45 with safe 50 and unsafe 40): a Fail that says why.
    const band = (
      await take(
        brokerA,
        documentId,
        fullTest({ eligibleNonHces: 9, totalNonHces: 20, eligibleHces: 10, totalHces: 10 }),
      )
    ).json<Stored>();
    expect(band.pass).toBe(false);
    expect(band.results.find((row) => row.step === '3b')!.why).toContain(FACTS_AND_CIRCUMSTANCES);

    // Key employees at exactly 25% pass; above fails.
    const at25 = (
      await take(brokerA, documentId, {
        ...fullTest({ eligibleNonHces: 12, totalNonHces: 16, eligibleHces: 4, totalHces: 4 }),
        totalCostKeyEmployees: 25_000,
      })
    ).json<Stored>();
    expect(at25.pass).toBe(true);
    const over25 = (
      await take(brokerA, documentId, {
        ...fullTest({ eligibleNonHces: 12, totalNonHces: 16, eligibleHces: 4, totalHces: 4 }),
        totalCostKeyEmployees: 25_001,
      })
    ).json<Stored>();
    // Issue 22: a premium-only plan (step 4 yes) at the eligibility safe harbor (ratio 75 ≥ 35) passes under
    // Prop. Treas. Reg. §1.125-7(f)(1) whatever step 7 says; step 7 fails on its own, not needed.
    expect(over25).toMatchObject({ pass: true, ndtResult: 'Pass', safeHarbor: true });
    expect(over25.results.find((row) => row.step === '7')).toMatchObject({ pass: false, needed: false });

    // Stored, and read back unchanged by whoever may read the document.
    const rows = await suite.ctx.db
      .selectFrom('ndt_result')
      .selectAll()
      .where('document_id', '=', documentId)
      .execute();
    expect(rows).toHaveLength(6);
    const again = await suite.ctx.send(
      brokerA,
      'GET',
      `/epop-document/${documentId}/non-discrimination/${ratio20.id}`,
    );
    expect(again.json<Stored>()).toEqual(ratio20);
    expect(ratio20.takenBy).toBe(brokerA.userId);

    // The admin page's last four, newest first: compliance only.
    const admin = await suite.ctx.send(
      suite.parties.accounts.compliance,
      'GET',
      `/epop-document/${documentId}/admin/non-discrimination-results`,
    );
    expect(admin.json<Stored[]>().map((result) => result.id)).toEqual(
      [over25, at25, band, ratio20].map((result) => result.id),
    );
    expect(
      (await suite.ctx.send(brokerA, 'GET', `/epop-document/${documentId}/admin/non-discrimination-results`))
        .statusCode,
    ).toBe(403);
  });

  it('never takes the client’s word for the result: a pass or results field is refused', async () => {
    const documentId = await documentOf();
    const before = await snapshot(suite.ctx.db);
    const answer = await take(suite.parties.accounts.brokerA, documentId, {
      ...SAFE_HARBOR,
      ndtResult: 'Pass',
    });
    expect(answer.statusCode).toBe(400);
    expect(await snapshot(suite.ctx.db)).toEqual(before);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const { brokerA } = suite.parties.accounts;
    const documentId = await documentOf();
    const before = await snapshot(suite.ctx.db);
    const cases: [object, string][] = [
      [
        fullTest({ eligibleNonHces: -1, totalNonHces: 16, eligibleHces: 4, totalHces: 4 }),
        'eligibleNonHces must be 0 or greater',
      ],
      [
        fullTest({ eligibleNonHces: 20, totalNonHces: 16, eligibleHces: 4, totalHces: 4 }),
        'eligibleNonHces cannot be more than totalNonHces',
      ],
      [
        fullTest({ eligibleNonHces: 12, totalNonHces: 16, eligibleHces: 5, totalHces: 4 }),
        'eligibleHces cannot be more than totalHces',
      ],
      [
        fullTest(
          { eligibleNonHces: 12, totalNonHces: 16, eligibleHces: 4, totalHces: 4 },
          { totalCostKeyEmployees: 100_001 },
        ),
        'totalCostKeyEmployees cannot be more than totalCostOfBenefits',
      ],
      [fullTest({ eligibleNonHces: 12, totalNonHces: 16, eligibleHces: 4 }), 'totalHces is required'],
      [{ ...SAFE_HARBOR, ndtAnswer4: false }, 'ndtAnswer5 is required'],
      [{ ndtAnswer1: true }, 'ndtAnswer2 is required'],
    ];
    for (const [answers, message] of cases) {
      const answer = await take(brokerA, documentId, answers);
      expect([answer.statusCode, answer.json<{ errors: string[] }>().errors]).toEqual([
        400,
        expect.arrayContaining([message]),
      ]);
    }
    const wrongType = await take(brokerA, documentId, { ...SAFE_HARBOR, totalHces: 'four' });
    expect(wrongType.statusCode).toBe(400);
    expect(JSON.stringify(wrongType.json())).toContain('totalHces');
    expect(await snapshot(suite.ctx.db)).toEqual(before);
  });

  it('refuses a read-only, an unpaid or an ended plan year’s document, and another’s (404)', async () => {
    const { brokerA, brokerB } = suite.parties.accounts;
    const inactive = await documentOf({ status: 'Inactive', active: 0 });
    const unpaid = await documentOf({ status: 'Unpaid' });
    const ended = await documentOf({
      plan_year_start: daysFromToday(-400),
      plan_year_end: daysFromToday(-35),
    });
    const others = await documentOf();
    const before = await snapshot(suite.ctx.db);
    const refusals = await Promise.all(
      [inactive, unpaid, ended].map(async (id) =>
        (await take(brokerA, id, SAFE_HARBOR)).json<{ message: string }>(),
      ),
    );
    expect(refusals.map((refusal) => refusal.message)).toEqual([
      'This document is read-only and cannot be tested',
      'This document must be purchased before it can be tested',
      'The plan year of this document has ended: testing is for a current plan year',
    ]);
    expect((await take(brokerB, others, SAFE_HARBOR)).statusCode).toBe(404);
    expect(await snapshot(suite.ctx.db)).toEqual(before);
  });

  it('completes the document’s testing reminder; a result under another document’s path is 404', async () => {
    const { brokerA } = suite.parties.accounts;
    const documentId = await documentOf();
    const itemId = randomUUID();
    await suite.ctx.db
      .insertInto('action_item')
      .values({
        action_item_id: itemId,
        user_id: brokerA.userId,
        item_type: 'pop-document-ndt',
        description: 'test it',
        json: JSON.stringify({ DocumentId: documentId }),
        created_by: 'POP Documents',
        created_at: new Date().toISOString(),
        completed: 0,
        completed_at: null,
      })
      .execute();
    const result = (await take(brokerA, documentId, SAFE_HARBOR)).json<Stored>();
    const item = await suite.ctx.db
      .selectFrom('action_item')
      .select('completed')
      .where('action_item_id', '=', itemId)
      .executeTakeFirstOrThrow();
    expect(Number(item.completed)).toBe(1);
    const other = await documentOf();
    const elsewhere = await suite.ctx.send(
      brokerA,
      'GET',
      `/epop-document/${other}/non-discrimination/${result.id}`,
    );
    expect([elsewhere.statusCode, elsewhere.json()]).toEqual([404, { message: 'Test result not found' }]);
  });
});
