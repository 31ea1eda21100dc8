import { sql, type Kysely } from 'kysely';
import { addDays, formatIsoDate, productToday } from 'shared-domain';
import type { Database } from '../db/schema.js';
import { enqueueUnique } from '../jobs/queue.js';
import { jsonObject } from '../lib/json.js';
import { addActionItems } from '../domain/action-items/add.js';
import { logChange } from '../domain/clients/change-log.js';
import { insertDocument, type SavedForm } from '../domain/documents/queries.js';
import {
  carriedEffectiveDate,
  renewalAnswers,
  renewalReminderDone,
  renewedAlready,
  renewedDocument,
} from '../domain/documents/renewal.js';
import { RULE_TYPE } from '../domain/partners/rules.js';
import { documentRecipients, enqueueMail, plainMessage, type MailDeps } from '../mail/outgoing.js';

/**
 * A strategic partner's auto-renew rule (specs/3-admin.md §3 rule type 1; README "Auto-renew"): a
 * Paid document of the partner is renewed `daysPrior` days before its plan year ends. "Renewed"
 * means: the next plan year's document (the answers as `renewalAnswers` renews them: the plan year
 * after, the original effective date carried forward from the stored chain (renewal.ts
 * `carriedEffectiveDate`), last year's amendment answers cleared; naming
 * the old one as its original) is created Unpaid — an invoice: its client's users (or its owner) get an
 * 'unpaid-pop-action-item' to pay it through the cart and an e-mail says so; the client's change
 * log records it. Once per document and plan year, across runs, restarts and instances.
 */
export const AUTO_RENEW_DOCUMENT = 'auto-renew-document';
/** §5, §9: days prior defaults to 3; 0 means no auto-renewal. */
export const DEFAULT_DAYS_PRIOR = 3;
/** Who the change log and the action items name for what the scan does. */
export const AUTO_RENEW_ACTOR = 'POP Documents';

export interface AutoRenewPayload {
  documentId: string;
  planYearEnd: string;
}

/** The key that makes a document's renewal once only per plan year. */
export const autoRenewKey = (documentId: string, planYearEnd: string) =>
  `${AUTO_RENEW_DOCUMENT}:${documentId}:${planYearEnd}`;

/** A rule's days prior, read defensively: a whole number from 0 to 365, else the default. */
export function daysPriorOf(settings: Record<string, unknown>): number {
  const value = settings.daysPrior;
  const days = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof days === 'number' && Number.isInteger(days) && days >= 0 && days <= 365
    ? days
    : DEFAULT_DAYS_PRIOR;
}

interface AutoRenewRule {
  partnerId: string;
  /** null: every product. */
  productId: string | null;
  daysPrior: number;
}

/** Every partner's auto-renew rules, by partner. */
async function autoRenewRules(
  db: Kysely<Database>,
  partnerId?: string,
): Promise<Map<string, AutoRenewRule[]>> {
  const rows = await db
    .selectFrom('partner_rule')
    .select(['company_id', 'product_id', 'settings'])
    .where('rule_type_id', '=', RULE_TYPE.autoRenew)
    .$if(partnerId !== undefined, (query) => query.where('company_id', '=', partnerId!))
    .orderBy('created_at')
    .execute();
  const rules = new Map<string, AutoRenewRule[]>();
  for (const row of rows) {
    const settings = jsonObject(row.settings);
    const productId =
      row.product_id ??
      (typeof settings.productId === 'string' && settings.productId ? settings.productId : null);
    const rule = { partnerId: row.company_id, productId, daysPrior: daysPriorOf(settings) };
    rules.set(row.company_id, [...(rules.get(row.company_id) ?? []), rule]);
  }
  return rules;
}

/** The days prior that act on a product's documents: a rule for that product wins over one for all. */
function daysPriorFor(rules: AutoRenewRule[], productId: string): number {
  const own = rules.find((rule) => rule.productId === productId);
  return (own ?? rules.find((rule) => rule.productId === null))?.daysPrior ?? 0;
}

/** Documents read per query of the scan. */
const BATCH = 500;

/**
 * The daily part of auto-renew (run by the daily scan job): for each partner with the rule, its Paid,
 * active documents whose plan year ends between today and `daysPrior` days from today (the scan
 * catches up on days it missed), not renewed yet, whose renewal was not queued: one
 * `auto-renew-document` job each, under its unique key. Answers how many were queued.
 */
export async function scanAutoRenewals(db: Kysely<Database>, now: Date): Promise<number> {
  const today = productToday(now);
  let queued = 0;
  for (const [partnerId, rules] of await autoRenewRules(db)) {
    const widest = Math.max(...rules.map((rule) => rule.daysPrior));
    if (widest <= 0) continue;
    let after = '';
    for (;;) {
      const key = sql<string>`${`${AUTO_RENEW_DOCUMENT}:`} || d.document_id || ${':'} || d.plan_year_end`;
      const batch = await db
        .selectFrom('epop_document as d')
        .select(['d.document_id', 'd.product_id', 'd.plan_year_end'])
        .where('d.strategic_partner_id', '=', partnerId)
        .where('d.status', '=', 'Paid')
        .where('d.active', '=', 1)
        .where('d.plan_year_end', '>=', today)
        .where('d.plan_year_end', '<=', addDays(today, widest))
        .where('d.document_id', '>', after)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('job as j').select('j.job_id').whereRef('j.unique_key', '=', key))),
        )
        .where((eb) => eb.not(renewedDocument(eb)))
        .orderBy('d.document_id')
        .limit(BATCH)
        .execute();
      const due = batch.filter(
        (document) => document.plan_year_end <= addDays(today, daysPriorFor(rules, document.product_id)),
      );
      if (due.length > 0) {
        const added = await enqueueUnique(
          db,
          due.map((document) => ({
            kind: AUTO_RENEW_DOCUMENT,
            payload: { documentId: document.document_id, planYearEnd: document.plan_year_end },
            uniqueKey: autoRenewKey(document.document_id, document.plan_year_end),
          })),
          now,
        );
        queued += added.size;
      }
      if (batch.length < BATCH) break;
      after = batch[batch.length - 1]!.document_id;
    }
  }
  return queued;
}

export type AutoRenewResult =
  | { renewed: true; documentId: string; renewalDocumentId: string }
  | { renewed: false; documentId: string; reason: string };

/**
 * The `auto-renew-document` job: renews one document as the rule says (see the top of this file), in
 * one transaction. Rerunnable: a document no longer Paid and active, renewed meanwhile (by its owner,
 * or a run before a crash), or whose partner dropped the rule is left as it is.
 */
export async function autoRenewDocument(
  deps: Pick<MailDeps, 'db' | 'appUrl'>,
  payload: AutoRenewPayload,
  now: Date,
): Promise<AutoRenewResult> {
  const { db, appUrl } = deps;
  const { documentId } = payload;
  const skip = (reason: string): AutoRenewResult => ({ renewed: false, documentId, reason });
  const document = await db
    .selectFrom('epop_document as d')
    .innerJoin('company as c', 'c.company_id', 'd.client_company_id')
    .select([
      'd.document_id',
      'd.product_id',
      'd.owner_user_id',
      'd.client_company_id',
      'd.strategic_partner_id',
      'd.name',
      'd.plan_year_start',
      'd.plan_year_end',
      'd.status',
      'd.active',
      'd.json',
      'c.name as company',
    ])
    .where('d.document_id', '=', documentId)
    .executeTakeFirst();
  if (!document || document.status !== 'Paid' || Number(document.active) !== 1)
    return skip('not paid and active');
  if (document.plan_year_end !== payload.planYearEnd) return skip('plan year changed');
  const partnerId = document.strategic_partner_id;
  const rules = partnerId ? ((await autoRenewRules(db, partnerId)).get(partnerId) ?? []) : [];
  if (daysPriorFor(rules, document.product_id) <= 0) return skip('no auto-renew rule');
  if (await renewedAlready(db, documentId)) return skip('renewed already');

  const { answers, planYear } = renewalAnswers(
    jsonObject(document.json),
    { start: document.plan_year_start, end: document.plan_year_end },
    productToday(now),
  );
  // The plan's original effective date from the stored chain (a renewal made before renewals stored
  // it names none: the chain's first document says it).
  const carried = await carriedEffectiveDate(db, documentId);
  const form: Record<string, unknown> = {
    ...answers,
    ...(carried ? { originalEffectiveDate: carried } : {}),
    originalDocumentId: documentId,
  };
  const company =
    typeof answers.clientCompanyName === 'string' && answers.clientCompanyName
      ? answers.clientCompanyName
      : document.company;
  const period = `${formatIsoDate(planYear.start)} to ${formatIsoDate(planYear.end)}`;
  const at = now.toISOString();
  let renewalDocumentId = '';
  try {
    await db.transaction().execute(async (trx) => {
      // The renewal: the renewed document's product and name, made by no one (the rule), Unpaid.
      renewalDocumentId = await insertDocument(trx, {
        ownerUserId: document.owner_user_id,
        createdBy: null,
        createdAt: at,
        product: { productId: document.product_id, name: document.name },
        // The answers as stored (the client exists: its company name is not read).
        form: form as SavedForm,
        clientId: document.client_company_id,
        originalDocumentId: documentId,
        strategicPartnerId: partnerId,
        kind: 'unpaid',
      });
      // The invoice: who looks after the client pays it through the cart (its linked users, else
      // the document's owner), as after a deactivation that allows repayment.
      const linked = await trx
        .selectFrom('company_user')
        .select('user_id')
        .where('company_id', '=', document.client_company_id)
        .orderBy('user_id')
        .execute();
      const payers = linked.length > 0 ? linked.map((row) => row.user_id) : [document.owner_user_id];
      await addActionItems(
        trx,
        payers.map((userId) => ({
          userId,
          itemType: 'unpaid-pop-action-item',
          description: `Pay the renewal of the POP document of ${company} for the plan year ${period}`,
          data: { kind: 'purchase', documentId: renewalDocumentId },
          createdBy: AUTO_RENEW_ACTOR,
          createdAt: at,
        })),
      );
      // The renewal reminder asked for this renewal: it is done (paying it is the new item).
      await renewalReminderDone(trx, documentId, now);
      await logChange(trx, {
        companyId: document.client_company_id,
        documentId: renewalDocumentId,
        caller: { userId: AUTO_RENEW_ACTOR, username: AUTO_RENEW_ACTOR },
        description: `Document renewed automatically (strategic partner auto-renew rule) for the plan year ${period}, unpaid: invoiced to the client`,
        at,
      });
      const recipients = documentRecipients(answers);
      if (recipients.length > 0) {
        await enqueueMail(
          trx,
          {
            to: recipients,
            subject: `Your POP document has been renewed: ${company}`,
            ...plainMessage([
              'Hello,',
              `The Section 125 Premium Only Plan document of ${company} has been renewed for the plan year ${period}, as arranged with your strategic partner. The answers of this year are carried over, except the amendment answers, which you answer afresh: review them before you pay.`,
              'The renewal is waiting for payment: sign in and pay it from your Action Items (it is added to your cart from there).',
              { label: 'Sign in to POP Documents', url: `${appUrl}/` },
              'POP Documents',
            ]),
          },
          { now },
        );
      }
    });
  } catch (error) {
    // Renewed at the same moment by its owner: the unique index over active renewals let one in.
    if (await renewedAlready(db, documentId)) return skip('renewed already');
    throw error;
  }
  return { renewed: true, documentId, renewalDocumentId };
}
