import { sql, type Kysely } from 'kysely';
import { addDays, formatIsoDate, productToday } from 'shared-domain';
import { nextPlanYear } from 'shared-domain/forms';
import type { Database } from '../db/schema.js';
import { jsonObject } from '../lib/json.js';
import { enqueueUnique } from '../jobs/queue.js';
import { documentRecipients, mailJob, plainMessage, type MailDeps } from '../mail/outgoing.js';
import { addActionItems } from '../domain/action-items/add.js';
import { renewedDocument } from '../domain/documents/renewal.js';

/** The renewal reminder goes this many days before a Paid document's plan year ends (specs). */
export const RENEWAL_REMINDER_DAYS = 60;
/** The testing reminder (decision, README "Reminders"): this many days before, when no test was taken. */
export const NDT_REMINDER_DAYS = 90;

export const SCAN_REMINDERS = 'scan-reminders';
/** Documents read per query of the scan, and reminders written per transaction. */
const BATCH = 500;

type Kind = 'renewal-reminder' | 'ndt-reminder';

/** The key that makes a reminder once only per document and plan year, across restarts and instances. */
export const reminderKey = (kind: Kind, documentId: string, planYearEnd: string) =>
  `${kind}:${documentId}:${planYearEnd}`;

interface Candidate {
  document_id: string;
  owner_user_id: string;
  plan_year_end: string;
  json: string;
}

/**
 * Paid, active documents whose plan year ends between today and `days` from today (the scan catches
 * up on days it missed), whose reminder of `kind` has not been queued, and that still need it: not
 * renewed yet (renewal), no test taken for this plan year (testing).
 */
async function candidates(db: Kysely<Database>, kind: Kind, today: string, days: number, after: string) {
  const key = sql<string>`${`${kind}:`} || d.document_id || ${':'} || d.plan_year_end`;
  let query = db
    .selectFrom('epop_document as d')
    .select(['d.document_id', 'd.owner_user_id', 'd.plan_year_end', 'd.json'])
    .where('d.status', '=', 'Paid')
    .where('d.active', '=', 1)
    .where('d.plan_year_end', '>=', today)
    .where('d.plan_year_end', '<=', addDays(today, days))
    .where('d.document_id', '>', after)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('job as j').select('j.job_id').whereRef('j.unique_key', '=', key))),
    );
  query =
    kind === 'renewal-reminder'
      ? query.where((eb) => eb.not(renewedDocument(eb)))
      : query.where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('ndt_result as n')
                .select('n.ndt_result_id')
                .whereRef('n.document_id', '=', 'd.document_id')
                .whereRef('n.plan_year_end', '=', 'd.plan_year_end'),
            ),
          ),
        );
  return query.orderBy('d.document_id').limit(BATCH).execute() as Promise<Candidate[]>;
}

function reminderOf(kind: Kind, document: Candidate, appUrl: string) {
  const form = jsonObject(document.json);
  const company = typeof form.clientCompanyName === 'string' ? form.clientCompanyName : 'your company';
  const ends = formatIsoDate(document.plan_year_end);
  if (kind === 'renewal-reminder') {
    const next = nextPlanYear(document.plan_year_end);
    return {
      itemType: 'pop-document-renewal' as const,
      description: `Renew the POP document of ${company}: its plan year ends ${ends}`,
      subject: `Time to renew your POP document: ${company}`,
      message: plainMessage([
        'Hello,',
        `The plan year of the Section 125 Premium Only Plan of ${company} ends on ${ends}.`,
        `Renew the plan document online for the plan year ${formatIsoDate(next.start)} to ${formatIsoDate(next.end)}: the answers of this year are filled in for you to review.`,
        { label: 'Renew your POP document', url: `${appUrl}/document/${document.document_id}/renew` },
        'POP Documents',
      ]),
    };
  }
  return {
    itemType: 'pop-document-ndt' as const,
    description: `Take the non-discrimination test of ${company} before its plan year ends ${ends}`,
    subject: `Non-discrimination testing reminder: ${company}`,
    message: plainMessage([
      'Hello,',
      `A Section 125 plan should be tested for discrimination every plan year. No test has been taken yet for the plan year of ${company}, which ends on ${ends}.`,
      'The online test takes a few minutes: print and retain the results with your plan records.',
      { label: 'Take the non-discrimination test', url: `${appUrl}/document/${document.document_id}/ndt` },
      'POP Documents',
    ]),
  };
}

/**
 * A batch of reminders of one kind: for each document, the action item and the e-mail to its
 * addresses, in one transaction that first takes each reminder's unique key (its e-mail job's): a
 * reminder whose key a second scan, another instance or a run before a restart took is left out (no
 * e-mail, no action item). Multi-row statements, one commit per batch: a commit per reminder cost
 * the scan of 10,000 due documents most of its time. Answers how many this call sent.
 */
async function remindAll(deps: MailDeps, kind: Kind, documents: Candidate[], now: Date): Promise<number> {
  const reminders = documents
    .map((document) => ({ document, recipients: documentRecipients(jsonObject(document.json)) }))
    .filter(({ recipients }) => recipients.length > 0)
    .map(({ document, recipients }) => ({
      document,
      recipients,
      reminder: reminderOf(kind, document, deps.appUrl),
      key: reminderKey(kind, document.document_id, document.plan_year_end),
    }));
  if (reminders.length === 0) return 0;
  return deps.db.transaction().execute(async (trx) => {
    const fresh = await enqueueUnique(
      trx,
      reminders.map(({ reminder, recipients, key }) => ({
        ...mailJob({ to: recipients, subject: reminder.subject, ...reminder.message }),
        uniqueKey: key,
      })),
      now,
    );
    const sent = reminders.filter(({ key }) => fresh.has(key));
    await addActionItems(
      trx,
      sent.map(({ document, reminder }) => ({
        userId: document.owner_user_id,
        itemType: reminder.itemType,
        description: reminder.description,
        data: { kind: 'reminder', documentId: document.document_id, planYearEnd: document.plan_year_end },
        createdBy: 'POP Documents',
        createdAt: now.toISOString(),
      })),
    );
    return sent.length;
  });
}

/**
 * The daily scan (`scan-reminders`, README "Reminders"): the renewal reminder 60 days before a Paid
 * document's plan year ends, the testing reminder 90 days before when no test has been taken for the
 * plan year; each once per document and plan year. Answers how many of each it sent.
 */
export async function scanReminders(deps: MailDeps, now: Date) {
  const today = productToday(now);
  const sent = { renewal: 0, ndt: 0 };
  const kinds: [Kind, number, keyof typeof sent][] = [
    ['renewal-reminder', RENEWAL_REMINDER_DAYS, 'renewal'],
    ['ndt-reminder', NDT_REMINDER_DAYS, 'ndt'],
  ];
  for (const [kind, days, count] of kinds) {
    let after = '';
    for (;;) {
      const batch = await candidates(deps.db, kind, today, days, after);
      sent[count] += await remindAll(deps, kind, batch, now);
      if (batch.length < BATCH) break;
      after = batch[batch.length - 1]!.document_id;
    }
  }
  return sent;
}
