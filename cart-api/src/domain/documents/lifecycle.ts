import type { Kysely } from 'kysely';
import type { ActionItemType } from 'shared-domain';
import { formatIsoDate } from 'shared-domain';
import type { Database, DocumentStatus } from '../../db/schema.js';
import { jsonObject } from '../../lib/json.js';
import { badRequest, HttpError, notFound, ValidationFailure, type Caller } from 'service-kit';
import { enqueueMail, plainMessage, type MailDeps } from '../../mail/outgoing.js';
import { closeActionItemsFor } from '../action-items/closure.js';
import { addActionItems } from '../action-items/add.js';
import { logChange } from '../clients/change-log.js';
import { DOCUMENTS_MESSAGES } from './messages.js';

/** What the lifecycle calls need of a document and its client. */
export interface DocumentForLifecycle {
  documentId: string;
  clientId: string;
  ownerUserId: string;
  status: DocumentStatus;
  active: boolean;
  statusBeforeInactive: DocumentStatus | null;
  strategicPartnerId: string | null;
  colonial: boolean;
  planYearStart: string;
  planYearEnd: string;
  form: Record<string, unknown>;
  company: string;
}

export async function documentForLifecycle(
  db: Kysely<Database>,
  documentId: string,
): Promise<DocumentForLifecycle | undefined> {
  const row = await db
    .selectFrom('epop_document as d')
    .innerJoin('company as c', 'c.company_id', 'd.client_company_id')
    .leftJoin('company as p', 'p.company_id', 'd.strategic_partner_id')
    .select([
      'd.document_id',
      'd.client_company_id',
      'd.owner_user_id',
      'd.status',
      'd.active',
      'd.status_before_inactive',
      'd.strategic_partner_id',
      'p.colonial',
      'd.plan_year_start',
      'd.plan_year_end',
      'd.json',
      'c.name',
    ])
    .where('d.document_id', '=', documentId)
    .executeTakeFirst();
  return (
    row && {
      documentId: row.document_id,
      clientId: row.client_company_id,
      ownerUserId: row.owner_user_id,
      status: row.status,
      active: Number(row.active) === 1,
      statusBeforeInactive: row.status_before_inactive,
      strategicPartnerId: row.strategic_partner_id,
      colonial: Number(row.colonial ?? 0) === 1,
      planYearStart: row.plan_year_start,
      planYearEnd: row.plan_year_end,
      form: jsonObject(row.json),
      company: row.name,
    }
  );
}

/** 'Acme Inc (plan year 01/01/2027 - 12/31/2027)': how the change log names a document. */
export const documentLabel = (document: DocumentForLifecycle) =>
  `${document.company} (plan year ${formatIsoDate(document.planYearStart)} - ${formatIsoDate(document.planYearEnd)})`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What Deactivate and Reactivate answer. */
export interface LifecycleAnswer {
  documentId: string;
  status: DocumentStatus;
  message: string;
}

/** What compliance asks of Deactivate. */
export interface Deactivation {
  /** Why (required; the change log keeps it). */
  reason: string;
  /** The client gets an action item to buy it again (not for Colonial). */
  allowRepayment?: boolean;
  /** Who is told to buy it again (default: the document's primary e-mail). */
  sendTo?: string;
}

async function lifecycleDocument(db: Kysely<Database>, documentId: string): Promise<DocumentForLifecycle> {
  const document = await documentForLifecycle(db, documentId);
  if (!document) throw notFound(DOCUMENTS_MESSAGES.notFound);
  return document;
}

/**
 * Deactivate (specs/2-documents.md §2, §4; issue 11): takes a Paid document off the client's and the
 * broker's dashboards, Inactive, or Unpaid with a "buy it again" action item for the client's accounts
 * and an e-mail telling them (`allowRepayment`; not for a Colonial document). One transaction with the
 * client's change log; the e-mail is queued (the caller wakes the jobs after).
 */
export async function deactivateDocument(
  deps: Pick<MailDeps, 'db' | 'appUrl'> & { now(): Date },
  caller: Caller,
  documentId: string,
  request: Deactivation,
): Promise<LifecycleAnswer> {
  const reason = request.reason.trim();
  const allowRepayment = request.allowRepayment === true;
  const sendTo = request.sendTo?.trim() ?? '';
  const errors = [
    ...(reason ? [] : [DOCUMENTS_MESSAGES.lifecycle.reasonRequired]),
    ...(sendTo && !EMAIL.test(sendTo) ? [DOCUMENTS_MESSAGES.lifecycle.sendToInvalid] : []),
  ];
  if (errors.length > 0) throw new ValidationFailure(errors);
  const document = await lifecycleDocument(deps.db, documentId);
  if (document.status !== 'Paid' || !document.active) throw badRequest(DOCUMENTS_MESSAGES.lifecycle.onlyPaid);
  if (allowRepayment && document.colonial) throw badRequest(DOCUMENTS_MESSAGES.lifecycle.colonialRepayment);

  const status: DocumentStatus = allowRepayment ? 'Unpaid' : 'Inactive';
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    // Still Paid and active as checked above: of two deactivations at once, the second is refused here.
    await retireDocument(trx, document, status, { refusal: DOCUMENTS_MESSAGES.lifecycle.onlyPaid, now });
    await logChange(trx, {
      companyId: document.clientId,
      documentId: document.documentId,
      caller,
      description: `Document ${documentLabel(document)} deactivated${allowRepayment ? ', repayment allowed' : ''}: ${reason}`,
      at: now.toISOString(),
    });
    if (!allowRepayment) return;
    await addPurchaseItems(
      trx,
      document,
      await clientAccounts(trx, document),
      'unpaid-pop-action-item',
      `Purchase the POP document of ${document.company} again to reactivate it`,
      caller.username || caller.userId,
      now,
    );
    const to = sendTo || (typeof document.form.primaryEmail === 'string' ? document.form.primaryEmail : '');
    if (to) {
      await enqueueMail(
        trx,
        {
          to,
          subject: `Your POP document needs to be purchased: ${document.company}`,
          ...plainMessage([
            'Hello,',
            `The Section 125 Premium Only Plan document of ${document.company} for the plan year ${formatIsoDate(document.planYearStart)} to ${formatIsoDate(document.planYearEnd)} has been deactivated: ${reason}.`,
            'You can purchase it again: sign in and open it from your Action Items.',
            { label: 'Sign in to POP Documents', url: `${deps.appUrl}/` },
            'POP Documents',
          ]),
        },
        { ownerId: caller.userId },
      );
    }
  });
  return { documentId: document.documentId, status, message: DOCUMENTS_MESSAGES.lifecycle.deactivated };
}

/**
 * Reactivate (specs/2-documents.md §2, §4): a deactivated document gets back the status it had, back
 * on the dashboards; buying it again is no longer asked for. Refused when another renewal of the same
 * original is active now (a renewal is unique over active documents).
 */
export async function reactivateDocument(
  deps: { db: Kysely<Database>; now(): Date },
  caller: Caller,
  documentId: string,
): Promise<LifecycleAnswer> {
  const document = await lifecycleDocument(deps.db, documentId);
  const status = document.statusBeforeInactive;
  if (!status) throw badRequest(DOCUMENTS_MESSAGES.lifecycle.notDeactivated);
  const now = deps.now();
  try {
    await deps.db.transaction().execute(async (trx) => {
      // Still deactivated as read above: of two reactivations at once, the second changes nothing.
      const reactivated = await trx
        .updateTable('epop_document')
        .set({ status, active: 1, status_before_inactive: null })
        .where('document_id', '=', document.documentId)
        .where('active', '=', 0)
        .where('status_before_inactive', '=', status)
        .executeTakeFirst();
      if (Number(reactivated.numUpdatedRows) === 0)
        throw badRequest(DOCUMENTS_MESSAGES.lifecycle.notDeactivated);
      // Paid again: buying it again is no longer asked for (a document that had not been paid still is).
      if (status === 'Paid') await closeActionItemsFor(trx, document.documentId, 'paid', now);
      await logChange(trx, {
        companyId: document.clientId,
        documentId: document.documentId,
        caller,
        description: `Document ${documentLabel(document)} reactivated (${status})`,
        at: now.toISOString(),
      });
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // A renewal is unique over active documents: another one of the same original is active now.
    if (typeof document.form.originalDocumentId === 'string' && document.form.originalDocumentId) {
      throw badRequest(DOCUMENTS_MESSAGES.lifecycle.renewedMeanwhile);
    }
    throw error;
  }
  return { documentId: document.documentId, status, message: DOCUMENTS_MESSAGES.lifecycle.reactivated };
}

/**
 * Takes a document off the dashboards (`active` 0) with `status`, keeping the status it had so that
 * Reactivate gives it back (Deactivate, a Colonial no-pay reason): its reminders are closed (at `now`,
 * the service's clock). Only from the state the caller checked (`document`: its status, active): when
 * another request changed it meanwhile (two deactivations at once), nothing changes and `refusal` is
 * the `400 {message}` (the UPDATE's condition is checked again on the row, on both engines).
 */
export async function retireDocument(
  trx: Kysely<Database>,
  document: DocumentForLifecycle,
  status: DocumentStatus,
  { refusal, now }: { refusal: string; now: Date },
): Promise<void> {
  const retired = await trx
    .updateTable('epop_document')
    .set({ status, active: 0, status_before_inactive: document.statusBeforeInactive ?? document.status })
    .where('document_id', '=', document.documentId)
    .where('status', '=', document.status)
    .where('active', '=', 1)
    .executeTakeFirst();
  if (Number(retired.numUpdatedRows) === 0) throw badRequest(refusal);
  await closeActionItemsFor(trx, document.documentId, 'deactivated', now);
}

/**
 * Whom a "buy it again" action item goes to: the users linked to the client company (the client's
 * own accounts), or the document's owner when it has none.
 */
export async function clientAccounts(
  trx: Kysely<Database>,
  document: DocumentForLifecycle,
): Promise<string[]> {
  const linked = await trx
    .selectFrom('company_user')
    .select('user_id')
    .where('company_id', '=', document.clientId)
    .orderBy('user_id')
    .execute();
  return linked.length > 0 ? linked.map((row) => row.user_id) : [document.ownerUserId];
}

/** A purchase action item about the document for each of `userIds` (the cart pays its document), made `now`. */
export async function addPurchaseItems(
  trx: Kysely<Database>,
  document: DocumentForLifecycle,
  userIds: string[],
  itemType: Extract<ActionItemType, 'unpaid-pop-action-item' | 'colonial-cancellation-purchase'>,
  description: string,
  createdBy: string,
  now: Date = new Date(),
): Promise<void> {
  await addActionItems(
    trx,
    userIds.map((userId) => ({
      userId,
      itemType,
      description,
      data: { kind: 'purchase', documentId: document.documentId },
      createdBy,
      createdAt: now.toISOString(),
    })),
  );
}
