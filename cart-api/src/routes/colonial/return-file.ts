import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import {
  badRequest,
  callerOf,
  HttpError,
  notFound,
  Type,
  Uuid,
  type FastifyPluginAsyncTypebox,
} from 'service-kit';
import { enqueue } from '../../jobs/queue.js';
import { COMPLIANCE } from '../../lib/contract.js';
import { databaseArchiveStore } from '../../domain/documents/archive.js';
import { PROCESS_RETURN_FILE, type ReturnRowResult } from '../../domain/colonial/return-file-job.js';
import {
  checkReturnFileHeader,
  RETURN_FILE_MAX_BYTES,
  RETURN_FILE_MESSAGES,
  ReturnFileError,
} from '../../domain/colonial/return-file-format.js';

export const RETURN_JOB_MESSAGES = {
  notFound: 'Return file job not found',
  processing: 'The return file is still being processed',
  failed: (jobId: string) => `The return file could not be processed (job ${jobId}): upload it again`,
} as const;

/** The messages a failed job shows as they are: the file's own problems (others stay in the log). */
const SHOWN_FAILURES = [
  RETURN_FILE_MESSAGES.xls,
  RETURN_FILE_MESSAGES.pdf,
  RETURN_FILE_MESSAGES.notXlsx,
  RETURN_FILE_MESSAGES.unreadable,
  RETURN_FILE_MESSAGES.empty,
];
const shownFailure = (message: string | null) =>
  message !== null &&
  (SHOWN_FAILURES.includes(message as (typeof SHOWN_FAILURES)[number]) ||
    message.startsWith('The return file misses the column'));

/** The multipart envelope (boundaries, part headers) a browser adds around the file. */
const ENVELOPE_BYTES = 64 * 1024;

const ReturnRow = Type.Object({
  bcnVendor: Type.String(),
  bcn: Type.String(),
  qualifyDate: Type.Union([Type.String({ description: 'YYYY-MM-DD, or the text as written' }), Type.Null()]),
  noPay: Type.String(),
  result: Type.String(),
  success: Type.Boolean(),
  clientId: Type.Union([Uuid(), Type.Null()]),
});

const JobParams = Type.Object({ jobId: Uuid() }, { additionalProperties: false });

const UploadBody = Type.Object(
  {
    returnFile: Type.Unsafe<unknown>({
      type: 'string',
      format: 'binary',
      maxLength: RETURN_FILE_MAX_BYTES,
      description: 'the XLSX file, at most 10 MB',
    }),
  },
  { additionalProperties: false },
);

/** The multipart library's refusals, in the catalogue's words. */
function uploadError(error: unknown): HttpError | undefined {
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, RETURN_FILE_MESSAGES.tooLarge);
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return badRequest(RETURN_FILE_MESSAGES.oneFile);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_PROTO_VIOLATION':
    case 'FST_MULTIPART_INVALID_CONTENT_TYPE':
      return badRequest(RETURN_FILE_MESSAGES.notMultipart);
    default:
      return error instanceof Error && /multipart|boundary|Unexpected end of form/i.test(error.message)
        ? badRequest(RETURN_FILE_MESSAGES.notMultipart)
        : undefined;
  }
}

/**
 * `POST colonial/return-file` (the upload, field `returnFile`) and `GET colonial/return-file/{jobId}`
 * (specs/3-admin.md §7). `@fastify/multipart` is registered here only, limited to one file of 10 MB
 * and no other field. The file is checked by its content (XLSX: a ZIP with xl/workbook.xml; an XLS is
 * told to convert it; a renamed PDF is refused) and by its header row, stored as the archive keeps
 * bytes, and processed by a `process-return-file` job: the answer is its id at once.
 */
const returnFileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: RETURN_FILE_MAX_BYTES,
      files: 1,
      fields: 0,
      parts: 1,
      fieldNameSize: 100,
      headerPairs: 50,
    },
  });

  app.post(
    '/return-file',
    {
      config: { access: COMPLIANCE, ownership: 'none' },
      // The body is a multipart stream read below, not JSON: its schema documents it (OpenAPI) and
      // the upload's own checks validate it.
      validatorCompiler: () => () => true,
      schema: {
        summary: 'Upload a Colonial return file (XLSX, at most 10 MB) to be processed as a job',
        consumes: ['multipart/form-data'],
        body: UploadBody,
        response: { 200: Type.Object({ jobId: Uuid(), message: Type.String() }) },
      },
    },
    async (request, reply) => {
      if (Number(request.headers['content-length'] ?? 0) > RETURN_FILE_MAX_BYTES + ENVELOPE_BYTES) {
        reply.header('connection', 'close');
        throw new HttpError(413, RETURN_FILE_MESSAGES.tooLarge);
      }
      if (!request.isMultipart()) throw badRequest(RETURN_FILE_MESSAGES.notMultipart);
      let upload: { name: string; bytes: Buffer } | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file' || part.fieldname !== 'returnFile') {
            throw badRequest(
              part.type === 'file'
                ? RETURN_FILE_MESSAGES.wrongField(part.fieldname)
                : RETURN_FILE_MESSAGES.oneFile,
            );
          }
          upload = { name: part.filename || 'return-file.xlsx', bytes: await part.toBuffer() };
        }
      } catch (error) {
        if (error instanceof HttpError) throw error;
        const refusal = uploadError(error);
        if (!refusal) throw error;
        if (refusal.statusCode === 413) reply.header('connection', 'close');
        throw refusal;
      }
      if (!upload || upload.bytes.length === 0) throw badRequest(RETURN_FILE_MESSAGES.noFile);
      try {
        await checkReturnFileHeader(upload.bytes);
      } catch (error) {
        if (error instanceof ReturnFileError) throw badRequest(error.message);
        throw error;
      }

      const caller = callerOf(request);
      const uploadId = randomUUID();
      const jobId = await app.db.transaction().execute(async (trx) => {
        await enqueue(trx, {
          kind: PROCESS_RETURN_FILE,
          payload: { uploadId },
          uniqueKey: `return-file:${uploadId}`,
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
      app.jobs.wake();
      return { jobId, message: RETURN_FILE_MESSAGES.uploaded };
    },
  );

  app.get(
    '/return-file/:jobId',
    {
      config: { access: COMPLIANCE, ownership: 'none' },
      schema: {
        summary: "A return file's result rows when its job is done (202 while it runs)",
        params: JobParams,
        response: {
          200: Type.Array(ReturnRow),
          202: Type.Object({
            status: Type.Union([Type.Literal('pending'), Type.Literal('running')]),
            processed: Type.Integer({ description: 'rows processed so far' }),
            message: Type.String(),
          }),
        },
      },
    },
    async (request, reply) => {
      const { jobId } = request.params;
      const job = await app.db
        .selectFrom('job')
        .select(['state', 'last_error'])
        .where('job_id', '=', jobId)
        .where('kind', '=', PROCESS_RETURN_FILE)
        .executeTakeFirst();
      if (!job) throw notFound(RETURN_JOB_MESSAGES.notFound);
      if (job.state === 'failed') {
        throw badRequest(shownFailure(job.last_error) ? job.last_error! : RETURN_JOB_MESSAGES.failed(jobId));
      }
      if (job.state !== 'done') {
        const counted = await app.db
          .selectFrom('colonial_return_row')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('job_id', '=', jobId)
          .executeTakeFirstOrThrow();
        return reply.code(202).send({
          status: job.state,
          processed: Number(counted.count),
          message: RETURN_JOB_MESSAGES.processing,
        });
      }
      const rows = await app.db
        .selectFrom('colonial_return_row')
        .selectAll()
        .where('job_id', '=', jobId)
        .orderBy('row_number')
        .execute();
      return rows.map((row): ReturnRowResult => ({
        bcnVendor: row.bcn_vendor,
        bcn: row.bcn,
        qualifyDate: row.qualify_date,
        noPay: row.no_pay,
        result: row.result,
        success: Number(row.success) === 1,
        clientId: row.client_id,
      }));
    },
  );
};

export default returnFileRoutes;
