import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { badRequest, notFound, type Caller } from 'service-kit';
import type { Database } from '../../db/schema.js';
import { enqueue } from '../../jobs/queue.js';
import { databaseArchiveStore } from '../documents/archive.js';
import { PROCESS_RETURN_FILE, type ReturnRowResult } from './return-file-job.js';
import { COLONIAL_MESSAGES } from './messages.js';
import {
  checkReturnFileHeader,
  HEADER_SEARCH_ROWS,
  REQUIRED_COLUMNS,
  RETURN_FILE_COLUMNS,
  RETURN_FILE_MAX_ROWS,
  ReturnFileError,
} from './return-file-format.js';
import { RETURN_FILE_XML_LIMITS } from './return-file-workbook.js';
import { RETURN_FILE_ZIP_LIMITS } from './return-file-zip.js';

/** The messages a failed job shows as they are: the file's own problems (others stay in the log). */
const { returnFile } = COLONIAL_MESSAGES;
const SHOWN_FAILURES: string[] = [
  returnFile.xls,
  returnFile.pdf,
  returnFile.notXlsx,
  returnFile.unreadable,
  returnFile.empty,
  returnFile.tooManyRows(RETURN_FILE_MAX_ROWS),
  returnFile.tooManyParts(RETURN_FILE_ZIP_LIMITS.maxEntries),
  returnFile.unzipsTooLarge(RETURN_FILE_ZIP_LIMITS.maxUncompressedBytes / (1024 * 1024)),
  returnFile.compressedTooFar(RETURN_FILE_ZIP_LIMITS.maxRatio),
  returnFile.largerThanDeclared,
  returnFile.tooMuchText(RETURN_FILE_XML_LIMITS.maxSharedStringChars),
  returnFile.tooManyTexts(RETURN_FILE_XML_LIMITS.maxSharedStrings),
  returnFile.cellTooLong(RETURN_FILE_XML_LIMITS.maxCellChars),
  returnFile.headerNotAtTop(
    HEADER_SEARCH_ROWS,
    REQUIRED_COLUMNS.map((key) => RETURN_FILE_COLUMNS[key]),
  ),
];
const shownFailure = (message: string | null) =>
  message !== null &&
  (SHOWN_FAILURES.includes(message) || message.startsWith(returnFile.missingColumnsStart));

/**
 * `POST colonial/return-file`: an uploaded return file, checked by its content and its header row (a
 * file that is not a workbook or misses a column: `400 {message}`), stored as the archive keeps bytes
 * with the `process-return-file` job that will process it, in one transaction. Answers the job's id.
 */
export async function uploadReturnFile(
  db: Kysely<Database>,
  caller: Pick<Caller, 'userId' | 'username'>,
  upload: { name: string; bytes: Buffer },
): Promise<string> {
  try {
    await checkReturnFileHeader(upload.bytes);
  } catch (error) {
    if (error instanceof ReturnFileError) throw badRequest(error.message);
    throw error;
  }
  const uploadId = randomUUID();
  return db.transaction().execute(async (trx) => {
    await enqueue(trx, {
      kind: PROCESS_RETURN_FILE,
      payload: { uploadId },
      uniqueKey: `return-file:${uploadId}`,
      ownerId: caller.userId,
    });
    const job = await trx
      .selectFrom('job')
      .select('job_id')
      .where('unique_key', '=', `return-file:${uploadId}`)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('colonial_return_file')
      .values({
        job_id: job.job_id,
        name: upload.name.slice(0, 200),
        size: upload.bytes.length,
        content: await databaseArchiveStore.put(job.job_id, upload.bytes),
        uploaded_by: JSON.stringify({ userId: caller.userId, username: caller.username }),
        uploaded_at: new Date().toISOString(),
      })
      .execute();
    return job.job_id;
  });
}

/** Where a return file's job is: its result rows once done, how many rows so far while it runs. */
export type ReturnFileResult =
  { state: 'done'; rows: ReturnRowResult[] } | { state: 'pending' | 'running'; processed: number };

/**
 * `GET colonial/return-file/{jobId}`: a job that is no return file's is `404`; a failed one `400` with
 * the file's own problem, or a message naming the job (the rest stays in the log).
 */
export async function returnFileResult(db: Kysely<Database>, jobId: string): Promise<ReturnFileResult> {
  const job = await db
    .selectFrom('job')
    .select(['state', 'last_error'])
    .where('job_id', '=', jobId)
    .where('kind', '=', PROCESS_RETURN_FILE)
    .executeTakeFirst();
  if (!job) throw notFound(COLONIAL_MESSAGES.returnJob.notFound);
  if (job.state === 'failed') {
    throw badRequest(
      shownFailure(job.last_error) ? job.last_error! : COLONIAL_MESSAGES.returnJob.failed(jobId),
    );
  }
  if (job.state !== 'done') {
    const counted = await db
      .selectFrom('colonial_return_row')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('job_id', '=', jobId)
      .executeTakeFirstOrThrow();
    return { state: job.state, processed: Number(counted.count) };
  }
  const rows = await db
    .selectFrom('colonial_return_row')
    .selectAll()
    .where('job_id', '=', jobId)
    .orderBy('row_number')
    .execute();
  return {
    state: 'done',
    rows: rows.map((row) => ({
      bcnVendor: row.bcn_vendor,
      bcn: row.bcn,
      qualifyDate: row.qualify_date,
      noPay: row.no_pay,
      result: row.result,
      success: Number(row.success) === 1,
      clientId: row.client_id,
    })),
  };
}
