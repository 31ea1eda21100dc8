/** A readable problem with an uploaded return file itself (400 at upload, the job's failure later). */
export class ReturnFileError extends Error {
  override name = 'ReturnFileError';
}
