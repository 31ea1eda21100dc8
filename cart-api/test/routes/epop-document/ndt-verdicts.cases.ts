import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { NDT_WORKED_UTILIZATION_FAIL } from 'shared-domain/testing';
import { seededTestApp, snapshot, type Account } from '../../helpers/parties.js';
import { documentRow } from '../../helpers/rows.js';

interface Row {
  step: string;
  question: string;
  answer: boolean | null;
  pass: boolean;
  why: string;
  figures: Record<string, number | null>;
  citation?: string;
  needed?: boolean;
  remedy?: string | null;
}
interface Stored {
  id: string;
  documentId: string;
  pass: boolean;
  ndtResult: string;
  safeHarbor: boolean;
  input: Record<string, unknown>;
  results: Row[];
}

const rowOf = (stored: Stored, step: string) => {
  const found = stored.results.find((row) => row.step === step);
  if (!found) throw new Error(`no row for step ${step}`);
  return found;
};

/** The note's worked utilization case (5% against 2% of pay, half of each group participating). */
const UTILIZATION = { name: 'Pat Tester', ...NDT_WORKED_UTILIZATION_FAIL };

/**
 * The verdicts of the corrected domain note (issue 22), recomputed by the server: test B (the premium-only
 * safe harbor), utilization by benefits as a share of pay, step 6 as a safe harbor, and results stored
 * before the change still served.
 */
describe('POST /epop-document/:documentId/non-discrimination: the verdicts of Prop. Treas. Reg. §1.125-7', () => {
  const suite = seededTestApp();

  async function documentOf() {
    const { records } = suite.parties;
    const row = documentRow(records.brokerA.userId, records.brokerA.companyId);
    await suite.ctx.db.insertInto('epop_document').values(row).execute();
    return row.document_id;
  }
  const take = (account: Account, documentId: string, answers: object) =>
    suite.ctx.send(account, 'POST', `/epop-document/${documentId}/non-discrimination`, answers);

  it('test B: a premium-only plan at the eligibility safe harbor passes although key employees get 40%', async () => {
    const { brokerA } = suite.parties.accounts;
    const documentId = await documentOf();
    // The note's worked case: 2 HCEs (2 eligible), 8 non-HCEs (6 eligible, part-timers excluded).
    const answer = await take(brokerA, documentId, {
      name: 'Pat Tester',
      ndtAnswer1: true,
      ndtAnswer2: true,
      ndtAnswer3: false,
      ndtAnswer3a: true,
      eligibleNonHces: 6,
      totalNonHces: 8,
      eligibleHces: 2,
      totalHces: 2,
      ndtAnswer4: true,
      ndtAnswer5: true,
      ndtAnswer6: true,
      totalCostOfBenefits: 100_000,
      totalCostKeyEmployees: 40_000,
    });
    expect(answer.statusCode).toBe(200);
    const stored = answer.json<Stored>();
    expect(stored).toMatchObject({ documentId, pass: true, ndtResult: 'Pass', safeHarbor: true });
    expect(rowOf(stored, '3b').figures).toMatchObject({ ratio: 75, C: 80, safe: 35 });
    expect(rowOf(stored, '4')).toMatchObject({
      pass: true,
      needed: true,
      citation: 'Prop. Treas. Reg. §1.125-7(f)(1)',
      remedy: null,
    });
    expect(rowOf(stored, '4').why).toContain('deemed to satisfy the nondiscrimination rules');
    expect(rowOf(stored, '7')).toMatchObject({
      pass: false,
      needed: false,
      remedy: null,
      citation: 'IRC §125(b)(2); Prop. Treas. Reg. §1.125-7(d)',
      figures: { keyEmployeeShare: 40 },
    });
    expect(stored.results.filter((row) => !row.needed).map((row) => row.step)).toEqual([
      '1',
      '2',
      '3a',
      '5',
      '6',
      '7',
    ]);

    // Stored as computed, and read back unchanged.
    const kept = await suite.ctx.db
      .selectFrom('ndt_result')
      .select(['pass', 'results'])
      .where('ndt_result_id', '=', stored.id)
      .executeTakeFirstOrThrow();
    expect(Number(kept.pass)).toBe(1);
    expect(JSON.parse(kept.results)).toMatchObject({ safeHarbor: true, results: stored.results });
    const again = await suite.ctx.send(
      brokerA,
      'GET',
      `/epop-document/${documentId}/non-discrimination/${stored.id}`,
    );
    expect(again.json<Stored>()).toEqual(stored);
  });

  it('test B: a premium-only plan with all employees eligible and step 2 no passes', async () => {
    const documentId = await documentOf();
    const stored = (
      await take(suite.parties.accounts.brokerA, documentId, {
        ...UTILIZATION,
        ndtAnswer2: false,
        ndtAnswer4: true,
      })
    ).json<Stored>();
    expect(stored).toMatchObject({ pass: true, safeHarbor: true });
    expect(rowOf(stored, '2')).toMatchObject({ pass: false, needed: false, remedy: null });
  });

  it('utilization: HCEs electing 5% of pay against non-HCEs’ 2% fail, although half of each group participates', async () => {
    const { brokerA } = suite.parties.accounts;
    const documentId = await documentOf();
    // Eligible counts sent after step 3 yes are not taken: eligible = total.
    const answer = await take(brokerA, documentId, { ...UTILIZATION, eligibleHces: 1, eligibleNonHces: 1 });
    expect(answer.statusCode).toBe(200);
    const stored = answer.json<Stored>();
    expect(stored).toMatchObject({ pass: false, ndtResult: 'Fail', safeHarbor: false });
    expect(rowOf(stored, '5a')).toMatchObject({
      answer: null,
      pass: false,
      needed: true,
      citation: 'IRC §125(b)(1)(B); Prop. Treas. Reg. §1.125-7(c)(2)',
      figures: {
        eligibleHces: 4,
        eligibleNonHces: 12,
        hcePercent: 5,
        nonHcePercent: 2,
        hceParticipationRate: 50,
        nonHceParticipationRate: 50,
        averagePayHces: 400_000,
        averagePayNonHces: 133_333.33,
      },
      why: 'HCE participants elect 5% of their pay in benefits, more than the 2% of non-HCE participants.',
    });
    expect(rowOf(stored, '5a').remedy).toContain("not above the non-HCEs' 2%");
    expect(stored.input).toMatchObject({
      totalHces: 4,
      eligibleHces: 4,
      totalNonHces: 12,
      eligibleNonHces: 12,
      benefitsElectedHces: 40_000,
      benefitsElectedNonHces: 16_000,
    });
    expect(stored.results.every((row) => row.needed)).toBe(true);

    // The same facts at a lower HCE share pass, and step 6 no alone is not a Fail.
    const passes = (
      await take(brokerA, documentId, { ...UTILIZATION, benefitsElectedHces: 16_000, ndtAnswer6: false })
    ).json<Stored>();
    expect(passes).toMatchObject({ pass: true, ndtResult: 'Pass' });
    expect(rowOf(passes, '6')).toMatchObject({ pass: true, remedy: null, citation: 'IRC §125(g)(2)' });
    expect(rowOf(passes, '6').why).toContain('not available');
  });

  it('refuses step 5a without the benefits elected, or with more than the pay, naming the field', async () => {
    const { brokerA } = suite.parties.accounts;
    const documentId = await documentOf();
    const before = await snapshot(suite.ctx.db);
    const { benefitsElectedHces, ...withoutHceBenefits } = UTILIZATION;
    expect(benefitsElectedHces).toBeDefined();
    const { totalHces, ...withoutTotalHces } = UTILIZATION;
    expect(totalHces).toBeDefined();
    const cases: [object, string][] = [
      [withoutHceBenefits, 'benefitsElectedHces is required'],
      [
        { ...UTILIZATION, benefitsElectedHces: 800_001 },
        'benefitsElectedHces cannot be more than grossCompensationHces',
      ],
      [withoutTotalHces, 'totalHces is required'],
      [{ ...UTILIZATION, participatingNonHces: 13 }, 'participatingNonHces cannot be more than totalNonHces'],
    ];
    for (const [answers, message] of cases) {
      const answer = await take(brokerA, documentId, answers);
      expect([answer.statusCode, answer.json<{ errors: string[] }>().errors]).toEqual([400, [message]]);
    }
    expect(await snapshot(suite.ctx.db)).toEqual(before);
  });

  it('serves a result stored before issue 22 (rows without citation, needed or remedy) as stored', async () => {
    const { brokerA, compliance } = suite.parties.accounts;
    const documentId = await documentOf();
    const oldRows = [
      {
        step: '1',
        question:
          'Can every employee enter the plan within 3 years of hire, no later than the next plan-year start?',
        answer: true,
        figures: {},
        pass: true,
        why: 'Every employee can enter within 3 years of hire, no later than the next plan-year start.',
      },
      {
        step: '5a',
        question: 'The four amounts (pay and participants by group)',
        answer: null,
        figures: {
          grossCompensationHces: 800_000,
          grossCompensationNonHces: 480_000,
          participatingHces: 2,
          participatingNonHces: 8,
          averagePayHces: 400_000,
          averagePayNonHces: 60_000,
          eligibleHces: 4,
          eligibleNonHces: 12,
          hceRate: 50,
          nonHceRate: 66.67,
        },
        pass: true,
        why: 'HCEs participate at 50%, no more than the 66.67% of other employees.',
      },
      {
        step: '6',
        question: 'Does the employer contribution for health coverage meet the 75% rule (or is there none)?',
        answer: false,
        figures: {},
        pass: false,
        why: 'An employer contribution for health coverage below the 75% rule fails the health benefits test.',
      },
    ];
    const oldInput = {
      ndtAnswer1: true,
      ndtAnswer2: true,
      ndtAnswer3: false,
      ndtAnswer3a: true,
      eligibleNonHces: 12,
      totalNonHces: 16,
      eligibleHces: 4,
      totalHces: 4,
      ndtAnswer4: false,
      ndtAnswer5: false,
      grossCompensationHces: 800_000,
      grossCompensationNonHces: 480_000,
      participatingHces: 2,
      participatingNonHces: 8,
      ndtAnswer6: false,
      totalCostOfBenefits: 100_000,
      totalCostKeyEmployees: 20_000,
    };
    const resultId = randomUUID();
    await suite.ctx.db
      .insertInto('ndt_result')
      .values({
        ndt_result_id: resultId,
        document_id: documentId,
        plan_year_start: '2027-01-01',
        plan_year_end: '2027-12-31',
        taken_by: brokerA.userId,
        taken_by_name: brokerA.userId,
        created_at: new Date().toISOString(),
        pass: 0,
        input: JSON.stringify(oldInput),
        results: JSON.stringify({ pass: false, ndtResult: 'Fail', safeHarbor: false, results: oldRows }),
      })
      .execute();

    const answer = await suite.ctx.send(
      brokerA,
      'GET',
      `/epop-document/${documentId}/non-discrimination/${resultId}`,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json<Stored>()).toMatchObject({
      id: resultId,
      documentId,
      pass: false,
      ndtResult: 'Fail',
      safeHarbor: false,
      input: oldInput,
      results: oldRows,
    });
    for (const row of answer.json<Stored>().results) {
      expect(row).not.toHaveProperty('citation');
      expect(row).not.toHaveProperty('needed');
      expect(row).not.toHaveProperty('remedy');
    }
    const admin = await suite.ctx.send(
      compliance,
      'GET',
      `/epop-document/${documentId}/admin/non-discrimination-results`,
    );
    expect(admin.statusCode).toBe(200);
    expect(admin.json<Stored[]>()).toEqual([answer.json<Stored>()]);
  });
});
