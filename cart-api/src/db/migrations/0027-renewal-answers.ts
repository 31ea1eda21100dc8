import type { Kysely } from 'kysely';

/**
 * Renewals made before renewals cleared last year's answers (issue 22 item 3; README "Renewal"): an
 * auto-renewal, or a renewal invited or saved, that is still unpaid holds the previous plan year's
 * amendment answers, and would print "Amended and Restated" once paid. For every active Unpaid
 * document that renews another (`original_document_id` set), its answers (`json`) are cleared exactly
 * as shared-domain's `renewalForm` clears them (its RENEWAL_CLEARED_ANSWERS, copied here as they were
 * when this was written: amendmentToOriginal false; amendmentEffectiveDate, hsaAmendmentEffectiveDate and
 * otherDateOfEligibility blank, '', the form's blank date), and an `originalEffectiveDate` it lacks is
 * set as renewals carry it (cart-api's `carriedEffectiveDate`): the one the document it renews names,
 * else that one's original's, back to the first document of the chain (at most 50 documents, each
 * once), whose own is its original effective date, or its amendment effective date for an amendment,
 * or its plan-year start. Paid documents are left as they were bought.
 *
 * `down` does nothing: the answers cleared were last year's, which no renewal should hold, and nothing
 * tells them apart from answers given afresh once cleared (a rollback of the code reads the cleared
 * answers as a renewal that is not an amendment, which is what it is).
 */

// The slice of the schema this migration reads and writes, as it was when it was written.
interface DocumentTables {
  epop_document: {
    document_id: string;
    status: string;
    active: number;
    original_document_id: string | null;
    plan_year_start: string;
    json: string;
  };
}

/** What renewalForm cleared when this migration was written (shared-domain RENEWAL_CLEARED_ANSWERS). */
const CLEARED = {
  amendmentToOriginal: false,
  amendmentEffectiveDate: '',
  hsaAmendmentEffectiveDate: '',
  otherDateOfEligibility: '',
} as const;

/** How far back a chain of renewals is followed. */
const CHAIN_LIMIT = 50;
/** Documents read per query. */
const BATCH = 500;

function objectOf(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** An ISO date naming a real calendar day (not 2026-02-30), trimmed; else null. */
function isoDateIn(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? text
    : null;
}

/** The plan's original effective date carried from the chain that starts at `documentId`. */
async function carriedEffectiveDate(db: Kysely<DocumentTables>, documentId: string): Promise<string | null> {
  const seen = new Set<string>();
  let next: string | null = documentId;
  let first: { form: Record<string, unknown>; planYearStart: string } | null = null;
  while (next !== null && !seen.has(next) && seen.size < CHAIN_LIMIT) {
    seen.add(next);
    const row = await db
      .selectFrom('epop_document')
      .select(['json', 'plan_year_start', 'original_document_id'])
      .where('document_id', '=', next)
      .executeTakeFirst();
    if (!row) break;
    const form = objectOf(row.json) ?? {};
    const named = isoDateIn(form.originalEffectiveDate);
    if (named !== null) return named;
    first = { form, planYearStart: row.plan_year_start };
    next = row.original_document_id;
  }
  if (first === null) return null;
  const amended =
    first.form.amendmentToOriginal === true ? isoDateIn(first.form.amendmentEffectiveDate) : null;
  return amended ?? first.planYearStart;
}

export async function up(database: Kysely<unknown>): Promise<void> {
  const db = database as Kysely<DocumentTables>;
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('epop_document')
      .select(['document_id', 'json', 'original_document_id'])
      .where('status', '=', 'Unpaid')
      .where('active', '=', 1)
      .where('original_document_id', 'is not', null)
      .where('document_id', '>', after)
      .orderBy('document_id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const form = objectOf(row.json);
      if (form === null) continue;
      const renewed: Record<string, unknown> = { ...form, ...CLEARED };
      if (isoDateIn(form.originalEffectiveDate) === null) {
        const carried = await carriedEffectiveDate(db, row.original_document_id!);
        if (carried !== null) renewed.originalEffectiveDate = carried;
      }
      const json = JSON.stringify(renewed);
      if (json !== row.json) {
        await db
          .updateTable('epop_document')
          .set({ json })
          .where('document_id', '=', row.document_id)
          .execute();
      }
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.document_id;
  }
}

/** Nothing to undo (see above): last year's amendment answers are not put back. */
export async function down(): Promise<void> {}
