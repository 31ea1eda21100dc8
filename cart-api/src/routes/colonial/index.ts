import { formatIsoDate } from 'shared-domain';
import { badRequest, EmptyBody, notFound, Type, Uuid, type FastifyPluginAsyncTypebox } from 'service-kit';
import { COMPLIANCE } from '../../lib/contract.js';
import { enqueueMail, plainMessage } from '../../mail/outgoing.js';
import { logChange } from '../client/change-log.js';
import {
  addPurchaseItems,
  clientAccounts,
  documentForLifecycle,
  documentLabel,
  retireDocument,
} from '../epop-document/lifecycle.js';
import { DOCUMENT_NOT_FOUND } from '../epop-document/policy.js';
import { noPayOptions } from '../strategic-partner/settings.js';

export const NO_PAY_MESSAGES = {
  processed: 'No Pay Reason has been processed',
  notColonial: 'This is not a Colonial document: no-pay reasons are for Colonial documents only',
  inactive: 'This document is already inactive',
  unknownReason: (code: string, codes: string[]) =>
    `${code} is not a no-pay reason: choose one of ${codes.join(', ')}`,
} as const;

/** The no-pay reasons that tell the client to purchase the document themselves (specs/2-documents.md §4). */
export const PURCHASE_REASONS = ['N1', 'N3'];

const NoPayParams = Type.Object(
  {
    reasonCode: Type.String({
      pattern: '^[A-Za-z0-9]{1,10}$',
      maxLength: 10,
      description: 'a no-pay reason code (N1 …)',
    }),
    documentId: Uuid(),
  },
  { additionalProperties: false },
);

/**
 * `POST colonial/no-pay/{reasonCode}/{documentId}` (specs/2-documents.md §4 "Deactivation", 3-admin.md
 * §4): compliance removes a Colonial document's client from Colonial with a reason. The document
 * becomes Inactive (Reactivate gives its status back), the client leaves the partner, the change log
 * says why; N1 and N3 give the client a `colonial-cancellation-purchase` item and an e-mail to buy it.
 */
const colonial: FastifyPluginAsyncTypebox<{ appUrl: string }> = async (app, { appUrl }) => {
  app.post(
    '/no-pay/:reasonCode/:documentId',
    {
      config: {
        access: COMPLIANCE,
        ownership: { resource: 'document', action: 'no-pay', param: 'documentId' },
      },
      schema: {
        summary: "Remove a Colonial document's client from Colonial with a no-pay reason",
        params: NoPayParams,
        body: EmptyBody,
        response: {
          200: Type.Object({
            message: Type.String(),
            documentId: Uuid(),
            clientId: Uuid(),
            reasonCode: Type.String(),
          }),
        },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const { documentId } = request.params;
      const reasonCode = request.params.reasonCode.toUpperCase();
      const document = await documentForLifecycle(app.db, documentId);
      if (!document) throw notFound(DOCUMENT_NOT_FOUND);
      if (!document.colonial) throw badRequest(NO_PAY_MESSAGES.notColonial);
      const reasons = await noPayOptions(app.db);
      const reason = reasons.find((option) => option.code === reasonCode);
      if (!reason)
        throw badRequest(
          NO_PAY_MESSAGES.unknownReason(
            request.params.reasonCode,
            reasons.map((r) => r.code),
          ),
        );
      if (!document.active || document.status === 'Inactive') throw badRequest(NO_PAY_MESSAGES.inactive);

      const partner = await app.db
        .selectFrom('company')
        .select('name')
        .where('company_id', '=', document.strategicPartnerId!)
        .executeTakeFirstOrThrow();
      await app.db.transaction().execute(async (trx) => {
        await retireDocument(trx, document, 'Inactive');
        // The client leaves the partner (its documents stay the partner's, as history).
        await trx
          .updateTable('company')
          .set({ strategic_partner_id: null, strategic_partner_account_id: null })
          .where('company_id', '=', document.clientId)
          .where('strategic_partner_id', '=', document.strategicPartnerId)
          .execute();
        await logChange(trx, {
          companyId: document.clientId,
          documentId,
          caller,
          description: `No-pay reason ${reason.description}: document ${documentLabel(document)} deactivated, client removed from ${partner.name}`,
        });
        if (!PURCHASE_REASONS.includes(reason.code)) return;
        await addPurchaseItems(
          trx,
          document,
          await clientAccounts(trx, document),
          'colonial-cancellation-purchase',
          `${partner.name} no longer pays for the POP document of ${document.company}: purchase it to keep it active`,
          caller.username || caller.userId,
        );
        const to = typeof document.form.primaryEmail === 'string' ? document.form.primaryEmail : '';
        if (to) {
          await enqueueMail(trx, {
            to,
            subject: `Please purchase your POP document: ${document.company}`,
            ...plainMessage([
              'Hello,',
              `${partner.name} no longer pays for the Section 125 Premium Only Plan document of ${document.company} for the plan year ${formatIsoDate(document.planYearStart)} to ${formatIsoDate(document.planYearEnd)}.`,
              'To keep your plan document, purchase it: sign in and open it from your Action Items.',
              { label: 'Sign in to POP Documents', url: `${appUrl}/` },
              'POP Documents',
            ]),
          });
        }
      });
      app.jobs.wake();
      return {
        message: NO_PAY_MESSAGES.processed,
        documentId,
        clientId: document.clientId,
        reasonCode: reason.code,
      };
    },
  );
};

export default colonial;
