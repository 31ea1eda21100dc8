import { formatIsoDate } from 'shared-domain';
import {
  badRequest,
  EmptyBody,
  notFound,
  Type,
  Uuid,
  ValidationFailure,
  type FastifyPluginAsyncTypebox,
} from 'service-kit';
import type { DocumentStatus } from '../../db/schema.js';
import { COMPLIANCE } from '../../lib/contract.js';
import { enqueueMail, plainMessage } from '../../mail/outgoing.js';
import { completeActionItems } from '../../domain/action-items/queries.js';
import { logChange } from '../../domain/clients/change-log.js';
import { DOCUMENT_NOT_FOUND } from '../../domain/documents/index.js';
import {
  LIFECYCLE_MESSAGES,
  documentForLifecycle,
  documentLabel,
  retireDocument,
  clientAccounts,
  addPurchaseItems,
} from '../../domain/documents/lifecycle.js';

const DocumentParams = Type.Object({ documentId: Uuid() }, { additionalProperties: false });
const DeactivateBody = Type.Object(
  {
    reason: Type.String({ maxLength: 500, description: 'why (required; the change log keeps it)' }),
    allowRepayment: Type.Optional(
      Type.Boolean({ description: 'the client gets an action item to buy it again (not for Colonial)' }),
    ),
    sendTo: Type.Optional(
      Type.String({
        maxLength: 200,
        description: "who is told to buy it again (default: the document's primary e-mail)",
      }),
    ),
  },
  { additionalProperties: false, examples: [{ reason: 'Requested by the employer', allowRepayment: false }] },
);
const LifecycleAnswer = Type.Object({
  documentId: Uuid(),
  status: Type.String(),
  message: Type.String(),
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Deactivate and Reactivate (specs/2-documents.md §2, §4; issue 11): compliance only. Deactivation
 * takes a Paid document off the client's and the broker's dashboards; Reactivate gives back the
 * status it had. Each change writes the client's change log.
 */
const lifecycle: FastifyPluginAsyncTypebox<{ appUrl: string }> = async (app, { appUrl }) => {
  async function load(documentId: string) {
    const document = await documentForLifecycle(app.db, documentId);
    if (!document) throw notFound(DOCUMENT_NOT_FOUND);
    return document;
  }

  app.post(
    '/:documentId/deactivate',
    {
      config: {
        access: COMPLIANCE,
        ownership: { resource: 'document', action: 'deactivate', param: 'documentId' },
      },
      schema: {
        summary:
          'Deactivate a Paid document (off the dashboards), optionally letting the client buy it again',
        params: DocumentParams,
        body: DeactivateBody,
        response: { 200: LifecycleAnswer },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const reason = request.body.reason.trim();
      const allowRepayment = request.body.allowRepayment === true;
      const sendTo = request.body.sendTo?.trim() ?? '';
      const errors = [
        ...(reason ? [] : [LIFECYCLE_MESSAGES.reasonRequired]),
        ...(sendTo && !EMAIL.test(sendTo) ? [LIFECYCLE_MESSAGES.sendToInvalid] : []),
      ];
      if (errors.length > 0) throw new ValidationFailure(errors);
      const document = await load(request.params.documentId);
      if (document.status !== 'Paid' || !document.active) throw badRequest(LIFECYCLE_MESSAGES.onlyPaid);
      if (allowRepayment && document.colonial) throw badRequest(LIFECYCLE_MESSAGES.colonialRepayment);

      const status: DocumentStatus = allowRepayment ? 'Unpaid' : 'Inactive';
      await app.db.transaction().execute(async (trx) => {
        await retireDocument(trx, document, status);
        await logChange(trx, {
          companyId: document.clientId,
          documentId: document.documentId,
          caller,
          description: `Document ${documentLabel(document)} deactivated${allowRepayment ? ', repayment allowed' : ''}: ${reason}`,
        });
        if (!allowRepayment) return;
        await addPurchaseItems(
          trx,
          document,
          await clientAccounts(trx, document),
          'unpaid-pop-action-item',
          `Purchase the POP document of ${document.company} again to reactivate it`,
          caller.username || caller.userId,
        );
        const to =
          sendTo || (typeof document.form.primaryEmail === 'string' ? document.form.primaryEmail : '');
        if (to) {
          await enqueueMail(trx, {
            to,
            subject: `Your POP document needs to be purchased: ${document.company}`,
            ...plainMessage([
              'Hello,',
              `The Section 125 Premium Only Plan document of ${document.company} for the plan year ${formatIsoDate(document.planYearStart)} to ${formatIsoDate(document.planYearEnd)} has been deactivated: ${reason}.`,
              'You can purchase it again: sign in and open it from your Action Items.',
              { label: 'Sign in to POP Documents', url: `${appUrl}/` },
              'POP Documents',
            ]),
          });
        }
      });
      app.jobs.wake();
      return { documentId: document.documentId, status, message: LIFECYCLE_MESSAGES.deactivated };
    },
  );

  app.post(
    '/:documentId/reactivate',
    {
      config: {
        access: COMPLIANCE,
        ownership: { resource: 'document', action: 'reactivate', param: 'documentId' },
      },
      schema: {
        summary: 'Reactivate a deactivated document: the status it had before, back on the dashboards',
        params: DocumentParams,
        body: EmptyBody,
        response: { 200: LifecycleAnswer },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const document = await load(request.params.documentId);
      const status = document.statusBeforeInactive;
      if (!status) throw badRequest(LIFECYCLE_MESSAGES.notDeactivated);
      try {
        await app.db.transaction().execute(async (trx) => {
          await trx
            .updateTable('epop_document')
            .set({ status, active: 1, status_before_inactive: null })
            .where('document_id', '=', document.documentId)
            .execute();
          // Buying it again is no longer asked for.
          await completeActionItems(trx, document.documentId, 'unpaid-pop-action-item');
          await completeActionItems(trx, document.documentId, 'colonial-cancellation-purchase');
          await logChange(trx, {
            companyId: document.clientId,
            documentId: document.documentId,
            caller,
            description: `Document ${documentLabel(document)} reactivated (${status})`,
          });
        });
      } catch (error) {
        // A renewal is unique over active documents: another one of the same original is active now.
        if (typeof document.form.originalDocumentId === 'string' && document.form.originalDocumentId) {
          throw badRequest(LIFECYCLE_MESSAGES.renewedMeanwhile);
        }
        throw error;
      }
      return { documentId: document.documentId, status, message: LIFECYCLE_MESSAGES.reactivated };
    },
  );
};

export default lifecycle;
