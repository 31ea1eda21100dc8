import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { evaluateNdt, productToday, validateNdtInput, type NdtResult } from 'shared-domain';
import { badRequest, notFound, Nullable, Type, Uuid, ValidationFailure, type Static } from 'service-kit';
import type { FastifyPluginAsyncTypebox } from 'service-kit';
import type { Database } from '../../db/schema.js';
import { COMPLIANCE, SIGNED_IN } from '../../lib/contract.js';
import { jsonObject } from '../../lib/json.js';
import { completeActionItems } from '../action-item/queries.js';
import { DOCUMENT_NOT_FOUND } from '../../domain/documents/index.js';

export const NDT_MESSAGES = {
  readOnly: 'This document is read-only and cannot be tested',
  purchaseFirst: 'This document must be purchased before it can be tested',
  planYearEnded: 'The plan year of this document has ended: testing is for a current plan year',
  resultNotFound: 'Test result not found',
} as const;

/** The admin document page shows the last 4 results (specs/2-documents.md §9). */
export const ADMIN_RESULTS_SHOWN = 4;

const Answer = Type.Boolean();
/** Figures are checked by shared-domain's validateNdtInput (0 or greater, whole counts, part ≤ whole). */
const Figure = Type.Number({ maximum: 1e12 });

/**
 * The wizard's answers (specs/2-documents.md §3 "NDT input"), structurally. Which are required for the
 * branch taken and the numeric rules are shared-domain's validateNdtInput, run next, whose messages
 * name each field.
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
    totalCostOfBenefits: Type.Optional(Figure),
    totalCostKeyEmployees: Type.Optional(Figure),
  },
  {
    additionalProperties: false,
    examples: [{ name: 'Pat Doe', ndtAnswer1: true, ndtAnswer2: true, ndtAnswer3: true, ndtAnswer4: true }],
  },
);

const NdtStepResult = Type.Object({
  step: Type.String({ description: '1, 2, 3, 3a, 3b, 4, 5, 5a, 6 or 7' }),
  question: Type.String(),
  answer: Nullable(Type.Boolean({ description: 'null for the steps that take figures' })),
  figures: Type.Record(Type.String(), Nullable(Type.Number())),
  pass: Type.Boolean(),
  why: Type.String(),
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
  safeHarbor: Type.Boolean({ description: 'steps 1–4 all yes: the premium-only safe harbor' }),
  input: Type.Record(Type.String(), Type.Unknown(), { description: 'the answers given' }),
  results: Type.Array(NdtStepResult),
});
export type StoredNdtResult = Static<typeof StoredNdtResult>;

type NdtRow = Database['ndt_result'];

function storedResult(row: NdtRow): StoredNdtResult {
  const results = JSON.parse(row.results) as NdtResult;
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
    safeHarbor: results.safeHarbor,
    input: jsonObject(row.input),
    results: results.results,
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

const DocumentParams = Type.Object({ documentId: Uuid() }, { additionalProperties: false });
const ResultParams = Type.Object({ documentId: Uuid(), resultId: Uuid() }, { additionalProperties: false });

/**
 * Non-discrimination testing (specs/2-documents.md §2, §4; domain note non-discrimination-testing.md):
 * the server recomputes the wizard's answers with shared-domain's evaluateNdt and stores what it
 * answers; the client never decides Pass.
 */
const ndt: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/:documentId/non-discrimination',
    {
      config: {
        access: SIGNED_IN,
        ownership: { resource: 'document', action: 'test', param: 'documentId' },
      },
      schema: {
        summary:
          'Take the non-discrimination test: the server computes the result from the answers and keeps it',
        params: DocumentParams,
        body: NdtInputBody,
        response: { 200: StoredNdtResult },
      },
    },
    async (request) => {
      const { documentId } = request.params;
      const document = await app.db
        .selectFrom('epop_document')
        .select(['status', 'active', 'plan_year_start', 'plan_year_end'])
        .where('document_id', '=', documentId)
        .executeTakeFirst();
      if (!document) throw notFound(DOCUMENT_NOT_FOUND);
      if (Number(document.active) !== 1 || document.status === 'Inactive' || document.status === 'Processing')
        throw badRequest(NDT_MESSAGES.readOnly);
      if (document.status !== 'Paid') throw badRequest(NDT_MESSAGES.purchaseFirst);
      // The wizard offers Next only while the plan year has not ended (§4); so does the server.
      if (document.plan_year_end < productToday(app.now())) throw badRequest(NDT_MESSAGES.planYearEnded);

      const checked = validateNdtInput(request.body);
      if (!checked.ok) throw new ValidationFailure(checked.errors);
      const result = evaluateNdt(checked.value);
      const caller = request.caller!;
      const row: NdtRow = {
        ndt_result_id: randomUUID(),
        document_id: documentId,
        plan_year_start: document.plan_year_start,
        plan_year_end: document.plan_year_end,
        taken_by: caller.userId,
        taken_by_name: caller.username || caller.userId,
        created_at: new Date().toISOString(),
        pass: result.pass ? 1 : 0,
        input: JSON.stringify(checked.value),
        results: JSON.stringify(result),
      };
      await app.db.transaction().execute(async (trx) => {
        await trx.insertInto('ndt_result').values(row).execute();
        // The testing reminder's purpose is fulfilled.
        await completeActionItems(trx, documentId, 'pop-document-ndt');
      });
      return storedResult(row);
    },
  );

  app.get(
    '/:documentId/non-discrimination/:resultId',
    {
      config: {
        access: SIGNED_IN,
        ownership: { resource: 'ndt-result', action: 'read', param: 'resultId' },
      },
      schema: {
        summary: 'One stored non-discrimination test (Show Results)',
        params: ResultParams,
        response: { 200: StoredNdtResult },
      },
    },
    async (request) => {
      const { documentId, resultId } = request.params;
      const row = await app.db
        .selectFrom('ndt_result')
        .selectAll()
        .where('ndt_result_id', '=', resultId)
        .where('document_id', '=', documentId)
        .executeTakeFirst();
      // Another document's result under this document's path reads like a missing one.
      if (!row) throw notFound(NDT_MESSAGES.resultNotFound);
      return storedResult(row);
    },
  );

  app.get(
    '/:documentId/admin/non-discrimination-results',
    {
      config: {
        access: COMPLIANCE,
        ownership: { resource: 'document', action: 'read', param: 'documentId' },
      },
      schema: {
        summary: "The document's last 4 non-discrimination tests, newest first (the admin document page)",
        params: DocumentParams,
        response: { 200: Type.Array(StoredNdtResult) },
      },
    },
    async (request) => ndtResultsOf(app.db, request.params.documentId, ADMIN_RESULTS_SHOWN),
  );
};

export default ndt;
