import { randomUUID } from 'node:crypto';
import { evaluateNdt, productToday, validateNdtInput } from 'shared-domain';
import { badRequest, notFound, Type, Uuid, ValidationFailure } from 'service-kit';
import type { FastifyPluginAsyncTypebox } from 'service-kit';
import { COMPLIANCE, SIGNED_IN } from '../../lib/contract.js';
import { completeActionItems } from '../../domain/action-items/queries.js';
import { DOCUMENT_NOT_FOUND } from '../../domain/documents/index.js';
import {
  NDT_MESSAGES,
  ADMIN_RESULTS_SHOWN,
  NdtInputBody,
  StoredNdtResult,
  ndtResultsOf,
} from '../../domain/documents/ndt.js';
import { storedResult, type NdtRow } from '../../domain/documents/ndt.js';

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
