import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { HttpError, type Caller } from 'service-kit';
import type { Database } from '../../db/schema.js';
import { PermanentJobError } from '../../jobs/runner.js';
import { logChange } from '../clients/change-log.js';
import { documentForLifecycle } from '../documents/lifecycle.js';
import { databaseArchiveStore, type ArchiveStore } from '../documents/archive.js';
import { BCN_PATTERN, normalizeBcn } from './bcn.js';
import { COLONIAL_MESSAGES } from './messages.js';
import { applyNoPay, checkNoPay } from './no-pay.js';
import { isDay, readReturnFile, ReturnFileError, type ReturnFileRow } from './return-file-format.js';

/** The job kind that processes an uploaded return file (README "Jobs"). */
export const PROCESS_RETURN_FILE = 'process-return-file';

/** A processed row as `GET colonial/return-file/{jobId}` answers it (specs/3-admin.md §3). */
export interface ReturnRowResult {
  bcnVendor: string;
  bcn: string;
  qualifyDate: string | null;
  noPay: string;
  result: string;
  success: boolean;
  clientId: string | null;
}

export interface ReturnFileDeps {
  db: Kysely<Database>;
  appUrl: string;
  store?: ArchiveStore;
  /** The job run's time (the service clock): a no-pay reason's deactivation is dated by it. */
  now: Date;
}

/** Rows processed between two turns of the event loop. */
const ROWS_PER_TURN = 20;

/** A row's refusal: its message becomes the row's result (success false); the row changes nothing. */
class RowFailure extends Error {}
/** Another worker recorded the row meanwhile: this attempt's changes are rolled back. */
class RowDone extends Error {}

/**
 * Processes an uploaded return file (README "Colonial return file"): each row not processed yet (a
 * rerun after a crash skips those with a result) in a transaction of its own with its result, so a
 * row is applied whole or not at all, exactly once. A failing row is reported and the next one goes
 * on; a file that is not a workbook, or misses a column, fails the job at once with its message.
 */
export async function processReturnFile(deps: ReturnFileDeps, jobId: string) {
  const { db } = deps;
  const file = await db
    .selectFrom('colonial_return_file')
    .selectAll()
    .where('job_id', '=', jobId)
    .executeTakeFirst();
  if (!file) throw new PermanentJobError(`No uploaded return file for job ${jobId}`);
  let rows: ReturnFileRow[];
  try {
    rows = await readReturnFile(await (deps.store ?? databaseArchiveStore).get(file.content));
  } catch (error) {
    if (error instanceof ReturnFileError) throw new PermanentJobError(error.message);
    throw error;
  }
  const uploader = JSON.parse(file.uploaded_by) as Pick<Caller, 'userId' | 'username'>;
  const done = new Set(
    (
      await db.selectFrom('colonial_return_row').select('row_number').where('job_id', '=', jobId).execute()
    ).map((row) => Number(row.row_number)),
  );
  const testBcns = new Set(
    (await db.selectFrom('colonial_test_bcn').select('bcn').execute()).map((row) => row.bcn),
  );
  let succeeded = 0;
  let failed = 0;
  for (const [index, row] of rows.entries()) {
    // SQLite answers synchronously: without a turn of the event loop now and then, a large file
    // would hold up every request (and timer) until its last row.
    if (index % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
    if (done.has(row.rowNumber)) continue;
    const outcome = await processRow(deps, jobId, file.name, uploader, testBcns, row);
    if (outcome === undefined) continue;
    if (outcome) succeeded += 1;
    else failed += 1;
  }
  return { rows: rows.length, succeeded, failed, skipped: rows.length - succeeded - failed };
}

/** One row in its transaction; answers its success, or undefined when it had been recorded already. */
async function processRow(
  deps: ReturnFileDeps,
  jobId: string,
  fileName: string,
  uploader: Pick<Caller, 'userId' | 'username'>,
  testBcns: Set<string>,
  row: ReturnFileRow,
): Promise<boolean | undefined> {
  const base = {
    job_id: jobId,
    row_number: row.rowNumber,
    bcn_vendor: row.bcnVendor,
    bcn: row.bcn,
    qualify_date: isDay(row.qualifyDate) ? row.qualifyDate : row.qualifyDate || null,
    no_pay: row.noPay,
  };
  const record = async (trx: Kysely<Database>, result: string, success: boolean, clientId: string | null) => {
    const inserted = await trx
      .insertInto('colonial_return_row')
      .values({ ...base, result, success: success ? 1 : 0, client_id: clientId })
      .onConflict((oc) => oc.columns(['job_id', 'row_number']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new RowDone();
  };
  try {
    await deps.db.transaction().execute(async (trx) => {
      const { result, clientId } = await applyRow(deps, trx, fileName, uploader, testBcns, row);
      await record(trx, result, true, clientId);
    });
    return true;
  } catch (error) {
    if (error instanceof RowDone) return undefined;
    const known = error instanceof RowFailure || (error instanceof HttpError && error.statusCode === 400);
    // Anything else (the database gone) is the job's failure: it runs again and skips done rows.
    if (!known) throw error;
    try {
      await record(deps.db, (error as Error).message, false, null);
    } catch (recordError) {
      if (recordError instanceof RowDone) return undefined;
      throw recordError;
    }
    return false;
  }
}

async function applyRow(
  deps: ReturnFileDeps,
  trx: Kysely<Database>,
  fileName: string,
  uploader: Pick<Caller, 'userId' | 'username'>,
  testBcns: Set<string>,
  row: ReturnFileRow,
): Promise<{ result: string; clientId: string | null }> {
  const bcn = normalizeBcn(row.bcn);
  if (bcn === undefined) throw new RowFailure(COLONIAL_MESSAGES.returnRow.blankBcn);
  if (!BCN_PATTERN.test(bcn)) throw new RowFailure(COLONIAL_MESSAGES.returnRow.invalidBcn(row.bcn));
  if (testBcns.has(bcn)) return { result: COLONIAL_MESSAGES.returnRow.testBcn, clientId: null };
  if (row.qualifyDate !== '' && !isDay(row.qualifyDate)) {
    throw new RowFailure(COLONIAL_MESSAGES.returnRow.badDate(row.qualifyDate));
  }

  const done: string[] = [];
  let client = await trx
    .selectFrom('company')
    .select(['company_id', 'bcn', 'colonial_qualify_date'])
    .where('kind', '=', 'client')
    .where('bcn', '=', bcn)
    .executeTakeFirst();
  if (!client && row.accountId !== '') {
    // The first return file of an account teaches its client the BCN (matched by account id).
    client = await trx
      .selectFrom('company as c')
      .innerJoin('company as p', 'p.company_id', 'c.strategic_partner_id')
      .select(['c.company_id', 'c.bcn', 'c.colonial_qualify_date'])
      .where('c.kind', '=', 'client')
      .where('p.colonial', '=', 1)
      .where('c.strategic_partner_account_id', '=', row.accountId)
      .orderBy('c.company_id')
      .executeTakeFirst();
    if (client?.bcn) throw new RowFailure(COLONIAL_MESSAGES.returnRow.otherBcn(row.accountId, client.bcn));
    if (client) {
      await trx.updateTable('company').set({ bcn }).where('company_id', '=', client.company_id).execute();
      done.push(COLONIAL_MESSAGES.returnRow.bcnRecorded(bcn));
    }
  }
  if (!client) throw new RowFailure(COLONIAL_MESSAGES.returnRow.noClient(bcn));
  const clientId = client.company_id;
  const context = ` (return file ${fileName}, row ${row.rowNumber})`;

  if (row.qualifyDate !== '' && row.qualifyDate !== client.colonial_qualify_date) {
    await trx
      .updateTable('company')
      .set({ colonial_qualify_date: row.qualifyDate })
      .where('company_id', '=', clientId)
      .execute();
    done.push(COLONIAL_MESSAGES.returnRow.qualifyRecorded(row.qualifyDate));
  }
  if (done.length > 0) {
    await logChange(trx, {
      companyId: clientId,
      caller: uploader as Caller,
      at: deps.now.toISOString(),
      description: `Colonial ${done.join('; ')}${context}`,
    });
  }

  const code = row.noPay.trim();
  if (code !== '') {
    const active = await trx
      .selectFrom('epop_document as d')
      .innerJoin('company as p', 'p.company_id', 'd.strategic_partner_id')
      .select('d.document_id')
      .where('d.client_company_id', '=', clientId)
      .where('p.colonial', '=', 1)
      .where('d.active', '=', 1)
      .where('d.status', '!=', 'Inactive')
      .orderBy('d.plan_year_start', 'desc')
      .orderBy('d.created_at', 'desc')
      .executeTakeFirst();
    if (!active) throw new RowFailure(COLONIAL_MESSAGES.returnRow.noDocument(code));
    const document = (await documentForLifecycle(trx, active.document_id))!;
    const reason = await checkNoPay(trx, document, code);
    await applyNoPay(trx, document, reason, uploader, { appUrl: deps.appUrl, now: deps.now }, context);
    done.push(COLONIAL_MESSAGES.noPay.processed);
  }
  return { result: done.length > 0 ? done.join('; ') : COLONIAL_MESSAGES.returnRow.nothing, clientId };
}
