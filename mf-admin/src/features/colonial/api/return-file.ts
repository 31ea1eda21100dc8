import { apiClient, call, type ApiResult } from 'shared-ui';

/** A processed row of a return file (specs/3-admin.md §3 "Return-file result row"). */
export type ReturnFileRow = Extract<ApiResult<'/colonial/return-file/{jobId}'>, unknown[]>[number];

/** What a poll answers: the rows when the job is done, its progress while it runs. */
export type ReturnFileAnswer =
  { done: true; rows: ReturnFileRow[] } | { done: false; status: string; processed: number };

/** POST colonial/return-file (multipart, field returnFile): the job that processes it. */
export function uploadReturnFile(file: File) {
  return call(
    apiClient.POST('/colonial/return-file', {
      // The generated type names the part as a string (OpenAPI's binary): the browser sends the File.
      body: { returnFile: file as unknown as string },
      bodySerializer: (body) => {
        const form = new FormData();
        form.append('returnFile', body.returnFile as unknown as Blob);
        return form;
      },
    }),
  );
}

/** GET colonial/return-file/{jobId}: 200 with the rows when done, 202 with its status while it runs. */
export async function getReturnFileResult(jobId: string): Promise<ReturnFileAnswer> {
  const answer = await call(apiClient.GET('/colonial/return-file/{jobId}', { params: { path: { jobId } } }));
  if (Array.isArray(answer)) return { done: true, rows: answer };
  const progress = answer as { status: string; processed: number };
  return { done: false, status: progress.status, processed: progress.processed };
}
