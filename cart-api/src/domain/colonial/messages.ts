import { formatIsoDate } from 'shared-domain';

const notValidBcn = (bcn: string) => `${bcn} is not a valid BCN`;
/** How missingColumns begins: a failed job shows that message as it is (return-file.ts). */
const MISSING_COLUMNS = 'The return file misses the column';
const SAVE_AGAIN = 'open it in Excel, save it as .xlsx and upload it again';
const SAVE_AGAIN_SENTENCE = 'Open it in Excel, save it as .xlsx and upload it again';

/**
 * Colonial's catalogue (README "Where a rule lives"; specs/3-admin.md §4, §7): the test BCNs, the
 * no-pay reasons, the return file's upload, its job and the result of each of its rows.
 */
export const COLONIAL_MESSAGES = {
  /** `POST colonial/bcn`. */
  bcn: {
    blank: 'A BCN cannot be blank: remove the empty item from the list',
    invalid: (bcn: string) => `${notValidBcn(bcn)}: use 1 to 20 letters, digits or hyphens`,
    duplicate: (bcn: string) => `${bcn} is already a test BCN`,
  },
  /** `POST colonial/no-pay/{reasonCode}/{documentId}` (and a return file's No Pay). */
  noPay: {
    processed: 'No Pay Reason has been processed',
    notColonial: 'This is not a Colonial document: no-pay reasons are for Colonial documents only',
    inactive: 'This document is already inactive',
    unknownReason: (code: string, codes: string[]) =>
      `${code} is not a no-pay reason: choose one of ${codes.join(', ')}`,
  },
  /** The return file itself: its upload and its content (400 at upload, the job's failure later). */
  returnFile: {
    uploaded: 'File has been uploaded and is currently processing',
    noFile: 'Choose a return file to upload (form field returnFile)',
    notMultipart: 'Upload the return file as multipart/form-data with the file in the field returnFile',
    oneFile: 'Upload one return file at a time',
    wrongField: (field: string) => `The return file must be sent in the field returnFile, not ${field}`,
    tooLarge: 'The return file is larger than 10 MB: split it into smaller files',
    xls: 'This is an old Excel 97-2003 (.xls) file: open it in Excel, save it as an Excel Workbook (.xlsx) and upload that',
    pdf: 'This is a PDF file, not an Excel workbook: upload the return file as .xlsx',
    notXlsx: 'The return file must be an Excel workbook (.xlsx)',
    unreadable:
      'The return file is not a valid Excel workbook: open it in Excel, save it as .xlsx and upload it again',
    empty: 'The return file has no worksheet with a header row',
    tooManyRows: (maxRows: number) =>
      `The return file has more than ${maxRows.toLocaleString('en-US')} rows: split it into smaller files`,
    /** Hostile files (README "Hostile files"): what no workbook Excel writes looks like. */
    tooManyParts: (maxParts: number) =>
      `The return file holds more than ${maxParts.toLocaleString('en-US')} files inside it, which no Excel workbook does: ${SAVE_AGAIN}`,
    unzipsTooLarge: (maxMegabytes: number) =>
      `The return file unpacks to more than ${maxMegabytes} MB: split it into smaller files`,
    compressedTooFar: (maxRatio: number) =>
      `The return file is compressed more than ${maxRatio} to 1, which no Excel workbook is: ${SAVE_AGAIN}`,
    largerThanDeclared: `The return file is damaged: a part of it unpacks to more than it declares. ${SAVE_AGAIN_SENTENCE}`,
    tooMuchText: (maxChars: number) =>
      `The return file holds more than ${maxChars.toLocaleString('en-US')} characters of text: split it into smaller files`,
    tooManyTexts: (maxTexts: number) =>
      `The return file holds more than ${maxTexts.toLocaleString('en-US')} different texts: split it into smaller files`,
    cellTooLong: (maxChars: number) =>
      `A cell of the return file holds more than ${maxChars.toLocaleString('en-US')} characters, more than Excel allows: ${SAVE_AGAIN}`,
    headerNotAtTop: (maxRows: number, required: string[]) =>
      `The return file has no header row in the first ${maxRows.toLocaleString('en-US')} rows of its first worksheet: its first non-empty row must name ${required.join(', ')}`,
    /** `required`: the column names the first row must hold. */
    missingColumns: (missing: string[], required: string[]) =>
      `${MISSING_COLUMNS}${missing.length > 1 ? 's' : ''} ${missing.join(', ')}: its first row must name ${required.join(', ')}`,
    missingColumnsStart: MISSING_COLUMNS,
  },
  /** `GET colonial/return-file/{jobId}`. */
  returnJob: {
    notFound: 'Return file job not found',
    processing: 'The return file is still being processed',
    failed: (jobId: string) => `The return file could not be processed (job ${jobId}): upload it again`,
  },
  /** A row's result (specs/3-admin.md §3): what it applied, or why it applied nothing. */
  returnRow: {
    blankBcn: 'BCN is blank',
    invalidBcn: notValidBcn,
    testBcn: 'Test BCN: nothing applied',
    noClient: (bcn: string) => `No client has BCN ${bcn}`,
    otherBcn: (accountId: string, bcn: string) =>
      `The client of account ${accountId} has another BCN (${bcn})`,
    badDate: (text: string) => `Qualify Date ${text} is not a date (MM/DD/YYYY)`,
    noDocument: (code: string) => `The client has no active Colonial document to apply No Pay ${code} to`,
    nothing: 'Nothing to apply',
    bcnRecorded: (bcn: string) => `BCN ${bcn} recorded`,
    qualifyRecorded: (day: string) => `Qualify date ${formatIsoDate(day)} recorded`,
  },
} as const;
