import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  evaluateNdt,
  formatProductDate,
  productToday,
  validateNdtInput,
  type NdtResult,
} from 'shared-domain';
import {
  badRequest,
  notFound,
  Nullable,
  Type,
  Uuid,
  ValidationFailure,
  type Caller,
  type Static,
} from 'service-kit';
import type { Database } from '../../db/schema.js';
import { ndtResultsPdf } from '../../documents/ndt-results.js';
import { jsonObject } from '../../lib/json.js';
import { closeActionItemsFor } from '../action-items/closure.js';
import { safeFileName, type GeneratedFile } from './files.js';
import { DOCUMENTS_MESSAGES } from './messages.js';
import { storedDocument } from './queries.js';

/** The admin document page shows the last 4 results (specs/2-documents.md §9). */
export const ADMIN_RESULTS_SHOWN = 4;

const Answer = Type.Boolean();
/** Figures are checked by shared-domain's validateNdtInput (0 or greater, whole counts, part ≤ whole). */
const Figure = Type.Number({ maximum: 1e12 });

/**
 * The wizard's answers (specs/2-documents.md §3 "NDT input", with non-discrimination-testing.md's step 5a:
 * per group the participants, their total compensation and the benefits they elect), structurally. Which
 * are required for the branch taken and the numeric rules are shared-domain's validateNdtInput, run next,
 * whose messages name each field (step 5 no after step 3 yes also asks totalNonHces and totalHces, taken
 * as the eligible counts).
 */
export const NdtInputBody = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 200, description: 'who took the test, as typed' })),
    ndtAnswer1: Type.Optional(Answer),
    ndtAnswer2: Type.Optional(Answer),
    ndtAnswer3: Type.Optional(Answer),
    ndtAnswer3a: Type.Optional(Answer),
    ndtAnswer4: Type.Optional(Answer),
    ndtAnswer5: Type.Optional(Answer),
    ndtAnswer6: Type.Optional(Answer),
    eligibleNonHces: Type.Optional(Figure),
    totalNonHces: Type.Optional(Figure),
    eligibleHces: Type.Optional(Figure),
    totalHces: Type.Optional(Figure),
    grossCompensationHces: Type.Optional(Figure),
    grossCompensationNonHces: Type.Optional(Figure),
    participatingHces: Type.Optional(Figure),
    participatingNonHces: Type.Optional(Figure),
    benefitsElectedHces: Type.Optional(Figure),
    benefitsElectedNonHces: Type.Optional(Figure),
    totalCostOfBenefits: Type.Optional(Figure),
    totalCostKeyEmployees: Type.Optional(Figure),
  },
  {
    additionalProperties: false,
    examples: [
      { name: 'Pat Doe', ndtAnswer1: true, ndtAnswer2: true, ndtAnswer3: true, ndtAnswer4: true },
      {
        name: 'Pat Doe',
        ndtAnswer1: true,
        ndtAnswer2: true,
        ndtAnswer3: true,
        ndtAnswer4: false,
        ndtAnswer5: false,
        totalNonHces: 12,
        totalHces: 4,
        participatingHces: 2,
        participatingNonHces: 6,
        grossCompensationHces: 800000,
        grossCompensationNonHces: 800000,
        benefitsElectedHces: 40000,
        benefitsElectedNonHces: 16000,
        ndtAnswer6: true,
        totalCostOfBenefits: 56000,
        totalCostKeyEmployees: 10000,
      },
    ],
  },
);

const NdtStepResult = Type.Object({
  step: Type.String({ description: '1, 2, 3, 3a, 3b, 4, 5, 5a, 6 or 7' }),
  question: Type.String(),
  answer: Nullable(Type.Boolean({ description: 'null for the steps that take figures' })),
  figures: Type.Record(Type.String(), Nullable(Type.Number())),
  pass: Type.Boolean({ description: "the row's own outcome" }),
  why: Type.String(),
  // Optional: results stored before issue 22 have rows without these three, and are served as stored.
  citation: Type.Optional(Type.String({ description: "the regulation's section the step rests on" })),
  needed: Type.Optional(
    Type.Boolean({
      description: 'false for the steps the verdict did not need (the premium-only safe harbor applies)',
    }),
  ),
  remedy: Type.Optional(
    Nullable(
      Type.String({
        description: 'for a needed row that fails: what the employer can change; otherwise null',
      }),
    ),
  ),
});

/** A stored test (specs/2-documents.md §3 "Stored result"), with the result the server computed. */
export const StoredNdtResult = Type.Object({
  id: Uuid(),
  documentId: Uuid(),
  takenBy: Type.String(),
  createdOn: Type.String({ format: 'date-time' }),
  planYearStart: Type.String({ format: 'date' }),
  planYearEnd: Type.String({ format: 'date' }),
  pass: Type.Boolean(),
  ndtResult: Type.Union([Type.Literal('Pass'), Type.Literal('Fail')]),
  safeHarbor: Type.Boolean({
    description:
      'the premium-only safe harbor applies (Prop. Treas. Reg. §1.125-7(f)(1)): step 4 yes and the eligibility test at its safe harbor',
  }),
  input: Type.Record(Type.String(), Type.Unknown(), { description: 'the answers given' }),
  results: Type.Array(NdtStepResult),
});
export type StoredNdtResult = Static<typeof StoredNdtResult>;
export type NdtInputBody = Static<typeof NdtInputBody>;

export type NdtRow = Database['ndt_result'];

/**
 * A stored row as answered, whatever its shape: results stored before issue 22 (rows without citation,
 * needed and remedy; inputs without benefitsElected*) are served as stored, and what is not the expected
 * shape reads as empty rather than failing the page.
 */
export function storedResult(row: NdtRow): StoredNdtResult {
  const results = jsonObject(row.results) as Partial<NdtResult>;
  const pass = Number(row.pass) === 1;
  return {
    id: row.ndt_result_id,
    documentId: row.document_id,
    takenBy: row.taken_by_name,
    createdOn: row.created_at,
    planYearStart: row.plan_year_start,
    planYearEnd: row.plan_year_end,
    pass,
    ndtResult: pass ? 'Pass' : 'Fail',
    safeHarbor: results.safeHarbor === true,
    input: jsonObject(row.input),
    results: Array.isArray(results.results) ? results.results : [],
  };
}

/** A document's tests, newest first (`limit` of them). */
export async function ndtResultsOf(
  db: Kysely<Database>,
  documentId: string,
  limit: number,
): Promise<StoredNdtResult[]> {
  const rows = await db
    .selectFrom('ndt_result')
    .selectAll()
    .where('document_id', '=', documentId)
    .orderBy('created_at', 'desc')
    .orderBy('ndt_result_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(storedResult);
}

/** The document a test belongs to (the `ndt-result` policy's lookup). */
export async function ndtResultDocument(db: Kysely<Database>, resultId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('ndt_result')
    .select('document_id')
    .where('ndt_result_id', '=', resultId)
    .executeTakeFirst();
  return row?.document_id;
}

/**
 * Takes the non-discrimination test (specs/2-documents.md §2, §4): only a Paid, active document whose
 * plan year has not ended (the product's day of `now`, the service's clock) is tested; the server
 * recomputes the answers with shared-domain's evaluateNdt and keeps what it answers (the client never
 * decides Pass), taken `now`, and the testing reminder's purpose is fulfilled then.
 */
export async function takeNdtTest(
  db: Kysely<Database>,
  caller: Caller,
  documentId: string,
  input: NdtInputBody,
  now: Date,
): Promise<StoredNdtResult> {
  const today = productToday(now);
  const document = await db
    .selectFrom('epop_document')
    .select(['status', 'active', 'plan_year_start', 'plan_year_end'])
    .where('document_id', '=', documentId)
    .executeTakeFirst();
  if (!document) throw notFound(DOCUMENTS_MESSAGES.notFound);
  if (Number(document.active) !== 1 || document.status === 'Inactive' || document.status === 'Processing')
    throw badRequest(DOCUMENTS_MESSAGES.ndt.readOnly);
  if (document.status !== 'Paid') throw badRequest(DOCUMENTS_MESSAGES.ndt.purchaseFirst);
  // The wizard offers Next only while the plan year has not ended (§4); so does the server.
  if (document.plan_year_end < today) throw badRequest(DOCUMENTS_MESSAGES.ndt.planYearEnded);

  const checked = validateNdtInput(input);
  if (!checked.ok) throw new ValidationFailure(checked.errors);
  const result = evaluateNdt(checked.value);
  const row: NdtRow = {
    ndt_result_id: randomUUID(),
    document_id: documentId,
    plan_year_start: document.plan_year_start,
    plan_year_end: document.plan_year_end,
    taken_by: caller.userId,
    taken_by_name: caller.username || caller.userId,
    created_at: now.toISOString(),
    pass: result.pass ? 1 : 0,
    input: JSON.stringify(checked.value),
    results: JSON.stringify(result),
  };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('ndt_result').values(row).execute();
    // The testing reminder's purpose is fulfilled.
    await closeActionItemsFor(trx, documentId, 'tested', now);
  });
  return storedResult(row);
}

/** One stored test of a document (Show Results); another document's result reads like a missing one. */
export async function ndtResultOf(
  db: Kysely<Database>,
  documentId: string,
  resultId: string,
): Promise<StoredNdtResult> {
  const row = await db
    .selectFrom('ndt_result')
    .selectAll()
    .where('ndt_result_id', '=', resultId)
    .where('document_id', '=', documentId)
    .executeTakeFirst();
  if (!row) throw notFound(DOCUMENTS_MESSAGES.ndt.resultNotFound);
  return storedResult(row);
}

/** The admin document page's tests: the last ADMIN_RESULTS_SHOWN, newest first. */
export const adminNdtResults = (db: Kysely<Database>, documentId: string): Promise<StoredNdtResult[]> =>
  ndtResultsOf(db, documentId, ADMIN_RESULTS_SHOWN);

/**
 * `GET …/non-discrimination/{resultId}/pdf`: one stored test as a PDF, 'NDT Results - {company} -
 * {MM-DD-YYYY taken}.pdf' (the company of the document's form, made safe as the plan documents' names;
 * the day taken in the product's time zone). The same 404 as the JSON read for another document's or an
 * unknown result. Made from the stored result each time and not archived: the stored row is the record
 * (it never changes), the PDF a print of it, dated the day it is made.
 */
export async function ndtResultPdf(
  db: Kysely<Database>,
  documentId: string,
  resultId: string,
  now: Date,
): Promise<GeneratedFile> {
  const result = await ndtResultOf(db, documentId, resultId);
  const form = (await storedDocument(db, documentId))?.form ?? {};
  const company = safeFileName(typeof form.clientCompanyName === 'string' ? form.clientCompanyName : '');
  const takenOn = formatProductDate(result.createdOn).replace(/\//g, '-');
  return {
    name: `NDT Results - ${company} - ${takenOn}.pdf`,
    contentType: 'application/pdf',
    bytes: await ndtResultsPdf({ form, result, generatedOn: now.toISOString() }),
  };
}
