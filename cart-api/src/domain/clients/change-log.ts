import type { Kysely } from 'kysely';
import { v7 as timeOrderedId } from 'uuid';
import type { Caller } from 'service-kit';
import { formatIsoDate } from 'shared-domain';
import type { Database } from '../../db/schema.js';

/** One change to a client company or one of its documents (specs/3-admin.md §3 "Change log entry"). */
export interface ChangeLogEntry {
  id: string;
  changeDate: string;
  user: string;
  description: string;
}

/**
 * Writes a row of the client's change log, inside the caller's transaction so that the row exists
 * exactly when the change does. `user` is the caller's username (the log shows who, not an id).
 */
export async function logChange(
  db: Kysely<Database>,
  change: {
    companyId: string;
    documentId?: string | null;
    /** Who made the change (a purchase's purchaser is not the request's caller type: the two fields). */
    caller: Pick<Caller, 'userId' | 'username'>;
    description: string;
    /** When it happened (an ISO instant): default now; a job gives the time of its run. */
    at?: string;
  },
): Promise<void> {
  await db
    .insertInto('change_log')
    .values({
      // Time-ordered (UUIDv7, increasing within the process): two changes of one operation at the same
      // time (a return file row's qualify date, then its no-pay reason) list in the order they were written.
      change_id: timeOrderedId(),
      company_id: change.companyId,
      document_id: change.documentId ?? null,
      user_id: change.caller.userId,
      user_name: change.caller.username || change.caller.userId,
      changed_at: change.at ?? new Date().toISOString(),
      description: change.description,
    })
    .execute();
}

/** A document as the change log names it: 'POP Document (plan year 01/01/2027 - 12/31/2027)'. */
export const documentInLog = (document: { name: string; planYearStart: string; planYearEnd: string }) =>
  `${document.name} (plan year ${formatIsoDate(document.planYearStart)} - ${formatIsoDate(document.planYearEnd)})`;

/**
 * Writes a row about one document into its client's log: `describe` gets the document as the log
 * names it. Inside the caller's transaction, like logChange.
 */
export async function logDocumentChange(
  db: Kysely<Database>,
  change: {
    documentId: string;
    caller: Pick<Caller, 'userId' | 'username'>;
    describe: (document: string) => string;
    /** When it happened (an ISO instant): default now. */
    at?: string;
  },
): Promise<void> {
  const document = await db
    .selectFrom('epop_document')
    .select(['client_company_id', 'name', 'plan_year_start', 'plan_year_end'])
    .where('document_id', '=', change.documentId)
    .executeTakeFirstOrThrow();
  await logChange(db, {
    companyId: document.client_company_id,
    documentId: change.documentId,
    caller: change.caller,
    description: change.describe(
      documentInLog({
        name: document.name,
        planYearStart: document.plan_year_start,
        planYearEnd: document.plan_year_end,
      }),
    ),
    at: change.at,
  });
}

/** An empty answer, whichever way a form stored it. */
const blank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The fields a save changed, as words ('clientCompanyName' → 'client company name'), in the order of
 * the form; a field left empty either way is not a change.
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return [...new Set([...Object.keys(after), ...Object.keys(before)])]
    .filter((name) => {
      const [was, is] = [before[name], after[name]];
      if (blank(was) && blank(is)) return false;
      return JSON.stringify(was) !== JSON.stringify(is);
    })
    .map((name) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase());
}

/** A client's change log, newest first. */
export async function changeLogOf(db: Kysely<Database>, companyId: string): Promise<ChangeLogEntry[]> {
  const rows = await db
    .selectFrom('change_log')
    .select(['change_id', 'changed_at', 'user_name', 'description'])
    .where('company_id', '=', companyId)
    .orderBy('changed_at', 'desc')
    .orderBy('change_id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.change_id,
    changeDate: row.changed_at,
    user: row.user_name,
    description: row.description,
  }));
}
