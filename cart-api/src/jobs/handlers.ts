import { mailReceipt, SEND_RECEIPT } from '../domain/orders/receipt-mail.js';
import { SEND_EMAIL, sendQueuedMail, type MailDeps, type OutgoingMail } from '../mail/outgoing.js';
import { SCAN_REMINDERS, scanReminders } from '../reminders/scan.js';
import {
  AUTO_RENEW_DOCUMENT,
  autoRenewDocument,
  scanAutoRenewals,
  type AutoRenewPayload,
} from '../reminders/auto-renew.js';
import { SEND_DOCUMENTS, sendDocumentsJob, type SendDocumentsPayload } from '../domain/documents/send.js';
import {
  SEND_REVISED_DOCUMENTS,
  sendRevisedDocumentsJob,
  type RevisedDocumentsPayload,
} from '../domain/documents/revised-mail.js';
import { PROCESS_RETURN_FILE, processReturnFile } from '../domain/colonial/return-file-job.js';
import {
  SETTLE_PAYMENT,
  settlePayment,
  type SettlementDeps,
  type SettlementPayload,
} from '../domain/purchase/settlement.js';
import type { JobHandler } from './runner.js';

/** The kinds of job cart-api runs, and what each does (README "Jobs"). */
export const JOB_KINDS = {
  /** `{orderId}`: e-mail the order's receipt to its purchaser (enqueued with the order). */
  sendReceipt: SEND_RECEIPT,
  /** `OutgoingMail`: one e-mail, its attachments read from the archive. */
  sendEmail: SEND_EMAIL,
  /** `SendDocumentsPayload`: a document's three PDFs made, archived and e-mailed to each recipient. */
  sendDocuments: SEND_DOCUMENTS,
  /**
   * `RevisedDocumentsPayload`: a Paid document's revised PDFs e-mailed to its addresses, a quiet period
   * after its last edit (one waiting job per document: `enqueueOrPostpone`).
   */
  sendRevisedDocuments: SEND_REVISED_DOCUMENTS,
  /** `{}`: the day's reminders (renewal, testing) and partners' auto-renewals, queued by the daily schedule. */
  scanReminders: SCAN_REMINDERS,
  /** `AutoRenewPayload`: one document renewed by its partner's auto-renew rule (once per plan year). */
  autoRenewDocument: AUTO_RENEW_DOCUMENT,
  /** `{uploadId}`: an uploaded Colonial return file's rows applied, each with its result. */
  processReturnFile: PROCESS_RETURN_FILE,
  /** `SettlementPayload`: asks the processor whether a Processing order's payment settled (README "Payments"). */
  settlePayment: SETTLE_PAYMENT,
} as const;

/** `settlement`: the processor and the interval the settlement job asks by (the service and run-jobs give it). */
export function jobHandlers(
  deps: MailDeps & { settlement?: Pick<SettlementDeps, 'payments' | 'checkEveryMs'> },
): Record<string, JobHandler> {
  const { settlement } = deps;
  return {
    [JOB_KINDS.sendReceipt]: async (payload) => mailReceipt(deps, (payload as { orderId: string }).orderId),
    [JOB_KINDS.sendEmail]: async (payload) => sendQueuedMail(deps, payload as OutgoingMail),
    [JOB_KINDS.sendDocuments]: async (payload, { job }) =>
      sendDocumentsJob(deps, payload as SendDocumentsPayload, job),
    [JOB_KINDS.sendRevisedDocuments]: async (payload, { job, now }) =>
      sendRevisedDocumentsJob(deps, payload as RevisedDocumentsPayload, job, now),
    [JOB_KINDS.scanReminders]: async (_payload, { now }) => ({
      ...(await scanReminders(deps, now)),
      autoRenewals: await scanAutoRenewals(deps.db, now),
    }),
    [JOB_KINDS.autoRenewDocument]: async (payload, { now }) =>
      autoRenewDocument(deps, payload as AutoRenewPayload, now),
    [JOB_KINDS.processReturnFile]: async (_payload, { job, now }) =>
      processReturnFile({ ...deps, now }, job.job_id),
    ...(settlement && {
      [JOB_KINDS.settlePayment]: async (payload: unknown, { now }: { now: Date }) =>
        settlePayment({ ...settlement, db: deps.db, appUrl: deps.appUrl }, payload as SettlementPayload, now),
    }),
  };
}
