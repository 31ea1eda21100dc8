import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  NDT_CITATIONS,
  NDT_RESULT_TEXTS,
  formatProductDate,
  formatProductDateTime,
  ndtSafeHarborSentence,
} from 'shared-domain';
import { NDT_WORKED_TEST_B, NDT_WORKED_UTILIZATION_FAIL, pdfText } from 'shared-domain/testing';
import { seededTestApp, snapshot, type Account } from '../../helpers/parties.js';
import { documentRow } from '../../helpers/rows.js';

interface Stored {
  id: string;
  takenBy: string;
  createdOn: string;
  results: { step: string; pass: boolean; citation?: string; needed?: boolean; remedy?: string | null }[];
}

/** The note's worked cases, with a typed name (the PDF shows it in brackets after the account). */
const TEST_B = { name: 'Pat Tester', ...NDT_WORKED_TEST_B };

/** `GET …/non-discrimination/:resultId/pdf` (issue 22 item 4): the stored test as a PDF. */
describe('GET /epop-document/:documentId/non-discrimination/:resultId/pdf', () => {
  const suite = seededTestApp();

  async function documentOf(company: string) {
    const { records } = suite.parties;
    const row = documentRow(records.brokerA.userId, records.brokerA.companyId, {
      json: JSON.stringify({ clientCompanyName: company }),
    });
    await suite.ctx.db.insertInto('epop_document').values(row).execute();
    return row.document_id;
  }
  const take = async (account: Account, documentId: string, answers: object) => {
    const answer = await suite.ctx.send(
      account,
      'POST',
      `/epop-document/${documentId}/non-discrimination`,
      answers,
    );
    expect(answer.statusCode).toBe(200);
    return answer.json<Stored>();
  };
  const pdfOf = (account: Account, documentId: string, resultId: string) =>
    suite.ctx.send(account, 'GET', `/epop-document/${documentId}/non-discrimination/${resultId}/pdf`);
  /**
   * The PDF's text without white space: the table's lines wrap anywhere and pdfText joins the pieces
   * pdfmake draws ('Non-' 'Discrimination', '§125(b)' '(1)') with spaces, so texts are compared squashed.
   */
  const squash = (text: string) => text.replace(/\s+/g, '');
  const textOf = async (pdf: Buffer) => squash((await pdfText(pdf)).text);
  const holds = (text: string, ...expected: string[]) => {
    for (const part of expected) expect(text).toContain(squash(part));
  };

  it('test B: the verdict, the safe-harbor sentence, every citation and the rows it did not need, under its name', async () => {
    const { brokerA } = suite.parties.accounts;
    const documentId = await documentOf('Granite/State "Roofing"');
    const stored = await take(brokerA, documentId, TEST_B);

    const pdf = await pdfOf(brokerA, documentId, stored.id);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const taken = formatProductDate(stored.createdOn).replace(/\//g, '-');
    expect(pdf.headers['content-disposition']).toContain(
      `filename="NDT Results - GraniteState Roofing - ${taken}.pdf"`,
    );

    const text = await textOf(pdf.rawPayload);
    holds(
      text,
      NDT_RESULT_TEXTS.title,
      'Company Granite/State "Roofing"',
      'Plan year 01/01/2027 – 12/31/2027',
      `Taken by ${stored.takenBy} (Pat Tester)`,
      `Taken on ${formatProductDateTime(stored.createdOn)}`,
      'Result Pass',
      ndtSafeHarborSentence(true),
      NDT_RESULT_TEXTS.notLegalAdvice,
    );
    expect(text).toContain(squash('Prop. Treas. Reg. §1.125-7(f)'));
    for (const row of stored.results) holds(text, `Citation: ${row.citation}`);
    // Steps 1, 2 and 7 fail on their own (2 answered no, key employees over 25%), but test B did not
    // need them: marked Not needed, never Fail, no remedy offered.
    const notNeeded = stored.results.filter((row) => row.needed === false).map((row) => row.step);
    expect(notNeeded).toEqual(expect.arrayContaining(['1', '2', '7']));
    expect(text.split(squash('Not needed (premium-only safe harbor)'))).toHaveLength(notNeeded.length + 1);
    expect(text).not.toContain('Fail');
    expect(text).not.toContain(squash(NDT_RESULT_TEXTS.remedy));
    // The figures as the results page shows them.
    holds(text, 'Ratio percentage: 75%', 'Cost of benefits for key employees: $40,000.00');
    // The frame on every page: the generation day and the page numbers.
    const { pages } = await pdfText(pdf.rawPayload);
    expect(pages).toBeGreaterThan(0);
    for (let page = 1; page <= pages; page += 1) holds(text, `Page ${page} of ${pages}`);
    expect(text.match(/Generated\d{2}\/\d{2}\/\d{4}/g)).toHaveLength(pages);
  });

  it('a Fail: the failed row, its citation and what the employer can change, then the list of remedies', async () => {
    const { brokerA, compliance } = suite.parties.accounts;
    const documentId = await documentOf('Harbor Bakery');
    const stored = await take(brokerA, documentId, NDT_WORKED_UTILIZATION_FAIL);
    const failed = stored.results.find((row) => row.step === '5a')!;
    expect(failed).toMatchObject({ pass: false, needed: true, remedy: expect.any(String) });

    // Compliance reads any document's result, as the JSON read allows.
    const pdf = await pdfOf(compliance, documentId, stored.id);
    expect(pdf.statusCode).toBe(200);
    const text = await textOf(pdf.rawPayload);
    holds(
      text,
      'Result Fail',
      `Citation: ${NDT_CITATIONS['5a']}`,
      `${NDT_RESULT_TEXTS.remedy} ${failed.remedy}`,
      `${NDT_RESULT_TEXTS.nextStep} ${NDT_RESULT_TEXTS.remedy} Step 5a: ${failed.remedy}`,
      'HCE benefits as a share of pay: 5%',
      'Total pay of participating HCEs: $800,000.00',
    );
    expect(text).not.toContain(squash('Not needed'));
  });

  it('a result stored before issue 22 (no citation, need or remedy) still makes its PDF', async () => {
    const { brokerA } = suite.parties.accounts;
    const documentId = await documentOf('Old Mill Co');
    const resultId = randomUUID();
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
        figures: { grossCompensationHces: 800_000, participatingHces: 2, hceRate: 50, nonHceRate: 66.67 },
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
    await suite.ctx.db
      .insertInto('ndt_result')
      .values({
        ndt_result_id: resultId,
        document_id: documentId,
        plan_year_start: '2025-01-01',
        plan_year_end: '2025-12-31',
        taken_by: brokerA.userId,
        taken_by_name: 'demo.broker',
        created_at: '2025-05-04T02:30:00.000Z',
        pass: 0,
        input: JSON.stringify({ ndtAnswer1: true }),
        results: JSON.stringify({ pass: false, ndtResult: 'Fail', safeHarbor: false, results: oldRows }),
      })
      .execute();

    const pdf = await pdfOf(brokerA, documentId, resultId);
    expect(pdf.statusCode).toBe(200);
    // Taken at 10:30 PM on 05/03/2025 in New York.
    expect(pdf.headers['content-disposition']).toContain(
      'filename="NDT Results - Old Mill Co - 05-03-2025.pdf"',
    );
    const text = await textOf(pdf.rawPayload);
    holds(
      text,
      'Company Old Mill Co',
      'Plan year 01/01/2025 – 12/31/2025',
      'Taken by demo.broker',
      'Taken on 05/03/2025 10:30 PM',
      'Result Fail',
      `6 ${oldRows[2]!.question} No Fail ${oldRows[2]!.why}`,
      // Labelled as it was shown then.
      'Gross compensation of HCEs: $800,000.00',
      'HCE participation rate: 50%',
      // No citation or remedy to print: the Fail sends the employer to an advisor.
      `${NDT_RESULT_TEXTS.nextStep} ${NDT_RESULT_TEXTS.noRemedy}`,
    );
    expect(text).not.toContain('Citation:');
  });

  it('a foreign caller, an unknown result and another document’s result answer the JSON read’s 404', async () => {
    const { brokerA, brokerB, employerB } = suite.parties.accounts;
    const documentId = await documentOf('Private Co');
    const otherDocument = await documentOf('Other Co');
    const stored = await take(brokerA, documentId, TEST_B);
    const before = await snapshot(suite.ctx.db);
    const json = await suite.ctx.send(
      brokerB,
      'GET',
      `/epop-document/${documentId}/non-discrimination/${stored.id}`,
    );
    expect(json.statusCode).toBe(404);
    for (const [account, path] of [
      [brokerB, `${documentId}/non-discrimination/${stored.id}`],
      [employerB, `${documentId}/non-discrimination/${stored.id}`],
      [brokerA, `${documentId}/non-discrimination/${randomUUID()}`],
      [brokerA, `${otherDocument}/non-discrimination/${stored.id}`],
    ] as const) {
      const pdf = await suite.ctx.send(account, 'GET', `/epop-document/${path}/pdf`);
      const read = await suite.ctx.send(account, 'GET', `/epop-document/${path}`);
      expect([pdf.statusCode, pdf.json()]).toEqual([404, read.json()]);
      expect(pdf.headers['content-disposition']).toBeUndefined();
    }
    expect(await snapshot(suite.ctx.db)).toEqual(before);
  });
});
