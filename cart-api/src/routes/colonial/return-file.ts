import multipart from '@fastify/multipart';
import { badRequest, callerOf, HttpError, Type, Uuid, type FastifyPluginAsyncTypebox } from 'service-kit';
import { COMPLIANCE } from '../../lib/contract.js';
import { COLONIAL_MESSAGES } from '../../domain/colonial/messages.js';
import { RETURN_FILE_MAX_BYTES } from '../../domain/colonial/return-file-format.js';
import { returnFileResult, uploadReturnFile } from '../../domain/colonial/return-file.js';
import { ReturnFileProgress, ReturnRow } from '../../contract/colonial.js';

/** The multipart envelope (boundaries, part headers) a browser adds around the file. */
const ENVELOPE_BYTES = 64 * 1024;

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
      return new HttpError(413, COLONIAL_MESSAGES.returnFile.tooLarge);
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return badRequest(COLONIAL_MESSAGES.returnFile.oneFile);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_PROTO_VIOLATION':
    case 'FST_MULTIPART_INVALID_CONTENT_TYPE':
      return badRequest(COLONIAL_MESSAGES.returnFile.notMultipart);
    default:
      return error instanceof Error && /multipart|boundary|Unexpected end of form/i.test(error.message)
        ? badRequest(COLONIAL_MESSAGES.returnFile.notMultipart)
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
        throw new HttpError(413, COLONIAL_MESSAGES.returnFile.tooLarge);
      }
      if (!request.isMultipart()) throw badRequest(COLONIAL_MESSAGES.returnFile.notMultipart);
      let upload: { name: string; bytes: Buffer } | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file' || part.fieldname !== 'returnFile') {
            throw badRequest(
              part.type === 'file'
                ? COLONIAL_MESSAGES.returnFile.wrongField(part.fieldname)
                : COLONIAL_MESSAGES.returnFile.oneFile,
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
      if (!upload || upload.bytes.length === 0) throw badRequest(COLONIAL_MESSAGES.returnFile.noFile);
      const jobId = await uploadReturnFile(app.db, callerOf(request), upload);
      app.jobs.wake();
      return { jobId, message: COLONIAL_MESSAGES.returnFile.uploaded };
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
          202: ReturnFileProgress,
        },
      },
    },
    async (request, reply) => {
      const result = await returnFileResult(app.db, request.params.jobId);
      if (result.state === 'done') return result.rows;
      return reply.code(202).send({
        status: result.state,
        processed: result.processed,
        message: COLONIAL_MESSAGES.returnJob.processing,
      });
    },
  );
};

export default returnFileRoutes;
