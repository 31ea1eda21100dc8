import type { Kysely } from 'kysely';
import { formatIsoDate } from 'shared-domain';
import { badRequest, notFound, type Caller } from 'service-kit';
import type { Database } from '../../db/schema.js';
import { enqueueMail, plainMessage, type MailDeps } from '../../mail/outgoing.js';
import { logChange } from '../clients/change-log.js';
import {
  addPurchaseItems,
  clientAccounts,
  documentForLifecycle,
  documentLabel,
  retireDocument,
  type DocumentForLifecycle,
} from '../documents/lifecycle.js';
import { DOCUMENTS_MESSAGES } from '../documents/messages.js';
import { noPayOptions } from '../partners/settings.js';
import { COLONIAL_MESSAGES } from './messages.js';

/** The no-pay reasons that tell the client to purchase the document themselves (specs/2-documents.md §4). */
export const PURCHASE_REASONS = ['N1', 'N3'];

export interface NoPayReason {
  code: string;
  description: string;
}

/** What `POST colonial/no-pay/{reasonCode}/{documentId}` answers. */
export interface NoPayAnswer {
  message: string;
  documentId: string;
  clientId: string;
  reasonCode: string;
}

/**
 * No-pay (specs/2-documents.md §4 "Deactivation", 3-admin.md §4): compliance removes a Colonial
 * document's client from Colonial with a reason: the rules of checkNoPay, then applyNoPay in one
 * transaction. `404` for a document that does not exist. The e-mail, if any, is queued (the caller
 * wakes the jobs after).
 */
export async function processNoPay(
  deps: Pick<MailDeps, 'db' | 'appUrl'> & { now: Date },
  caller: Pick<Caller, 'userId' | 'username'>,
  reasonCode: string,
  documentId: string,
): Promise<NoPayAnswer> {
  const document = await documentForLifecycle(deps.db, documentId);
  if (!document) throw notFound(DOCUMENTS_MESSAGES.notFound);
  const reason = await checkNoPay(deps.db, document, reasonCode);
  await deps.db.transaction().execute((trx) => applyNoPay(trx, document, reason, caller, deps));
  return {
    message: COLONIAL_MESSAGES.noPay.processed,
    documentId,
    clientId: document.clientId,
    reasonCode: reason.code,
  };
}

/**
 * The no-pay rules (specs/2-documents.md §4 "Deactivation"): a Colonial document, still active, and a
 * reason of `no_pay_option` (case-insensitive). Answers the reason; throws `400 {message}` otherwise.
 */
export async function checkNoPay(
  db: Kysely<Database>,
  document: DocumentForLifecycle,
  reasonCode: string,
): Promise<NoPayReason> {
  if (!document.colonial) throw badRequest(COLONIAL_MESSAGES.noPay.notColonial);
  const reasons = await noPayOptions(db);
  const reason = reasons.find((option) => option.code === reasonCode.trim().toUpperCase());
  if (!reason)
    throw badRequest(
      COLONIAL_MESSAGES.noPay.unknownReason(
        reasonCode,
        reasons.map((r) => r.code),
      ),
    );
  if (!document.active || document.status === 'Inactive') throw badRequest(COLONIAL_MESSAGES.noPay.inactive);
  return reason;
}

/**
 * Applies a checked no-pay reason inside the caller's transaction: the document becomes Inactive (its
 * reason and the time kept for the bill file), the client leaves the partner, the change log says why,
 * and N1 and N3 give the client a `colonial-cancellation-purchase` item and an e-mail to buy it.
 */
export async function applyNoPay(
  trx: Kysely<Database>,
  document: DocumentForLifecycle,
  reason: NoPayReason,
  caller: Pick<Caller, 'userId' | 'username'>,
  { appUrl, now }: { appUrl: string; now: Date },
  context = '',
): Promise<void> {
  const partner = await trx
    .selectFrom('company')
    .select('name')
    .where('company_id', '=', document.strategicPartnerId!)
    .executeTakeFirstOrThrow();
  await retireDocument(trx, document, 'Inactive', {
    refusal: COLONIAL_MESSAGES.noPay.inactive,
    now,
  });
  await trx
    .updateTable('epop_document')
    .set({ no_pay_code: reason.code, no_pay_at: now.toISOString() })
    .where('document_id', '=', document.documentId)
    .execute();
  // The client leaves the partner (its documents stay the partner's, as history).
  await trx
    .updateTable('company')
    .set({ strategic_partner_id: null, strategic_partner_account_id: null })
    .where('company_id', '=', document.clientId)
    .where('strategic_partner_id', '=', document.strategicPartnerId)
    .execute();
  await logChange(trx, {
    companyId: document.clientId,
    documentId: document.documentId,
    caller: caller as Caller,
    at: now.toISOString(),
    description: `No-pay reason ${reason.description}${context}: document ${documentLabel(document)} deactivated, client removed from ${partner.name}`,
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
    await enqueueMail(
      trx,
      {
        to,
        subject: `Please purchase your POP document: ${document.company}`,
        ...plainMessage([
          'Hello,',
          `${partner.name} no longer pays for the Section 125 Premium Only Plan document of ${document.company} for the plan year ${formatIsoDate(document.planYearStart)} to ${formatIsoDate(document.planYearEnd)}.`,
          'To keep your plan document, purchase it: sign in and open it from your Action Items.',
          { label: 'Sign in to POP Documents', url: `${appUrl}/` },
          'POP Documents',
        ]),
      },
      { ownerId: caller.userId },
    );
  }
}
