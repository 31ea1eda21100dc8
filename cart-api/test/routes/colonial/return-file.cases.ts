import { describe, expect, it } from '@jest/globals';
import { seededTestApp, snapshot } from '../../helpers/parties.js';
import { companyRow, documentRow } from '../../helpers/rows.js';
import { COLONIAL_MESSAGES } from '../../../src/domain/colonial/messages.js';
import { multipart, returnFile, RETURN_HEADERS } from './return-files.js';

interface ResultRow {
  bcnVendor: string;
  bcn: string;
  qualifyDate: string | null;
  noPay: string;
  result: string;
  success: boolean;
  clientId: string | null;
}

/** `POST colonial/return-file` and its job, `GET colonial/return-file/{jobId}` (issue 12). */
describe('the Colonial return file', () => {
  const suite = seededTestApp();
  const compliance = () => suite.parties.accounts.compliance;

  async function upload(bytes: Buffer, options: Parameters<typeof multipart>[1] = {}) {
    const { payload, headers } = multipart(bytes, options);
    return suite.ctx.app.inject({
      method: 'POST',
      url: '/colonial/return-file',
      payload,
      headers: { ...headers, authorization: await suite.ctx.bearer(compliance()) },
    });
  }
  const results = (jobId: string) => suite.ctx.send(compliance(), 'GET', `/colonial/return-file/${jobId}`);

  /** A Colonial partner with a client (BCN given or not) that has an active Colonial document. */
  async function colonialClient(name: string, bcn: string | null, accountId: string | null = null) {
    const partner = { ...companyRow(`${name} Colonial`, { kind: 'strategic-partner' }), colonial: 1 };
    const client = {
      ...companyRow(name),
      strategic_partner_id: partner.company_id,
      bcn,
      strategic_partner_account_id: accountId,
      colonial: 0,
    };
    await suite.ctx.db.insertInto('company').values([partner, client]).execute();
    const document = documentRow(suite.parties.accounts.brokerA.userId, client.company_id, {
      strategic_partner_id: partner.company_id,
      json: JSON.stringify({ clientCompanyName: name, primaryEmail: 'owner@colonial.test' }),
    });
    await suite.ctx.db.insertInto('epop_document').values(document).execute();
    return { clientId: client.company_id, documentId: document.document_id, partnerId: partner.company_id };
  }

  it('answers the job id at once, processes each row as a job, and answers the rows when done', async () => {
    const qualified = await colonialClient('Qualified Co', 'BCN-100');
    const cancelled = await colonialClient('Cancelled Co', 'BCN-200');
    const learned = await colonialClient('Learned Co', null, 'E480111');
    await suite.ctx.send(compliance(), 'POST', '/colonial/bcn', { bcn: 'TEST-1' });
    const bytes = await returnFile([
      ['Colonial', 'BCN-100', '', new Date(Date.UTC(2027, 2, 1)), ''],
      ['Colonial', 'bcn-200', '', '03/15/2027', 'N2'],
      ['Colonial', 'BCN-300', 'E480111', '2027-04-01', ''],
      ['Colonial', 'TEST-1', '', '', 'N1'],
      ['Colonial', 'BCN-999', '', '03/01/2027', ''],
      ['Colonial', 'BCN-100', '', '02/30/2027', ''],
      ['Colonial', 'BCN-100', '', '', 'N9'],
      ['Colonial', '', '', '', ''],
    ]);

    const answer = await upload(bytes);
    expect(answer.statusCode).toBe(200);
    const { jobId, message } = answer.json<{ jobId: string; message: string }>();
    expect(message).toBe('File has been uploaded and is currently processing');

    const waiting = await results(jobId);
    expect(waiting.statusCode).toBe(202);
    expect(waiting.json()).toEqual({
      status: 'pending',
      processed: 0,
      message: 'The return file is still being processed',
    });

    await suite.ctx.app.jobs.runner.runDue();
    const done = await results(jobId);
    expect(done.statusCode).toBe(200);
    const rows = done.json<ResultRow[]>();
    expect(rows.map((row) => [row.bcn, row.success, row.result])).toEqual([
      ['BCN-100', true, 'Qualify date 03/01/2027 recorded'],
      ['bcn-200', true, 'Qualify date 03/15/2027 recorded; No Pay Reason has been processed'],
      ['BCN-300', true, 'BCN BCN-300 recorded; Qualify date 04/01/2027 recorded'],
      ['TEST-1', true, 'Test BCN: nothing applied'],
      ['BCN-999', false, 'No client has BCN BCN-999'],
      ['BCN-100', false, 'Qualify Date 02/30/2027 is not a date (MM/DD/YYYY)'],
      ['BCN-100', false, expect.stringMatching(/^N9 is not a no-pay reason: choose one of N1, N2/)],
      ['', false, 'BCN is blank'],
    ]);
    expect(rows[0]).toEqual({
      bcnVendor: 'Colonial',
      bcn: 'BCN-100',
      qualifyDate: '2027-03-01',
      noPay: '',
      result: 'Qualify date 03/01/2027 recorded',
      success: true,
      clientId: qualified.clientId,
    });

    const company = (id: string) =>
      suite.ctx.db.selectFrom('company').selectAll().where('company_id', '=', id).executeTakeFirstOrThrow();
    expect((await company(qualified.clientId)).colonial_qualify_date).toBe('2027-03-01');
    expect(await company(learned.clientId)).toMatchObject({
      bcn: 'BCN-300',
      colonial_qualify_date: '2027-04-01',
    });
    // The no-pay row followed the no-pay rules: Inactive, out of the partner, the reason kept.
    const document = await suite.ctx.db
      .selectFrom('epop_document')
      .selectAll()
      .where('document_id', '=', cancelled.documentId)
      .executeTakeFirstOrThrow();
    expect(document).toMatchObject({ status: 'Inactive', active: 0, no_pay_code: 'N2' });
    expect((await company(cancelled.clientId)).strategic_partner_id).toBeNull();
    const log = await suite.ctx.send(compliance(), 'GET', `/client/${cancelled.clientId}/change-log`);
    expect(log.json<{ description: string }[]>().map((entry) => entry.description)).toEqual([
      expect.stringMatching(
        /^No-pay reason N2 - .* \(return file return\.xlsx, row 3\): document Cancelled Co/,
      ),
      'Colonial Qualify date 03/15/2027 recorded (return file return.xlsx, row 3)',
    ]);
  });

  it("dates a no-pay reason's deactivation by the job's run (the service clock), not the machine's", async () => {
    const client = await colonialClient('Clocked Co', 'BCN-CLOCK');
    const answer = await upload(await returnFile([['Colonial', 'BCN-CLOCK', '', '', 'N2']]));
    expect(answer.statusCode).toBe(200);
    const { jobId } = answer.json<{ jobId: string }>();
    const run = new Date('2027-02-01T15:30:00.000Z');
    const { processReturnFile } = await import('../../../src/domain/colonial/return-file-job.js');
    expect(
      await processReturnFile({ db: suite.ctx.db, appUrl: 'http://localhost', now: run }, jobId),
    ).toMatchObject({
      succeeded: 1,
    });
    const document = await suite.ctx.db
      .selectFrom('epop_document')
      .select(['status', 'no_pay_code', 'no_pay_at'])
      .where('document_id', '=', client.documentId)
      .executeTakeFirstOrThrow();
    expect(document).toEqual({ status: 'Inactive', no_pay_code: 'N2', no_pay_at: run.toISOString() });
    // Its change-log row is dated by the same clock.
    const log = await suite.ctx.send(compliance(), 'GET', `/client/${client.clientId}/change-log`);
    expect(log.json<{ changeDate: string; description: string }[]>()).toEqual([
      expect.objectContaining({
        changeDate: run.toISOString(),
        description: expect.stringMatching(/^No-pay reason N2/),
      }),
    ]);
  });

  it('runs a job again without applying a row twice (results keyed by job and row)', async () => {
    const client = await colonialClient('Twice Co', 'BCN-TWICE');
    const answer = await upload(await returnFile([['Colonial', 'BCN-TWICE', '', '05/01/2027', '']]));
    expect(answer.statusCode).toBe(200);
    const { jobId } = answer.json<{ jobId: string }>();
    await suite.ctx.app.jobs.runner.runDue();
    const before = await snapshot(suite.ctx.db);
    // The same job again (as after a crash between the rows and the job's end): every row is skipped.
    const { processReturnFile } = await import('../../../src/domain/colonial/return-file-job.js');
    expect(
      await processReturnFile({ db: suite.ctx.db, appUrl: 'http://localhost', now: new Date() }, jobId),
    ).toEqual({
      rows: 1,
      succeeded: 0,
      failed: 0,
      skipped: 1,
    });
    expect(await snapshot(suite.ctx.db)).toEqual(before);
    const log = await suite.ctx.send(compliance(), 'GET', `/client/${client.clientId}/change-log`);
    expect(log.json<unknown[]>()).toHaveLength(1);
  });

  it('refuses an XLS, a renamed PDF, a text file, a workbook without the columns, and changes nothing', async () => {
    const before = await snapshot(suite.ctx.db);
    const xls = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(512),
    ]);
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
    const cases: [Buffer, string, string][] = [
      [xls, 'return.xls', COLONIAL_MESSAGES.returnFile.xls],
      [pdf, 'return.xlsx', COLONIAL_MESSAGES.returnFile.pdf],
      [Buffer.from('BCN Vendor,BCN\n'), 'return.xlsx', COLONIAL_MESSAGES.returnFile.notXlsx],
      [
        await returnFile([['Colonial', 'X']], ['BCN Vendor', 'BCN']),
        'return.xlsx',
        'The return file misses the columns Qualify Date, No Pay: its first row must name BCN Vendor, BCN, Qualify Date, No Pay',
      ],
    ];
    for (const [bytes, fileName, message] of cases) {
      const answer = await upload(bytes, { fileName });
      expect([fileName, answer.statusCode, answer.json()]).toEqual([fileName, 400, { message }]);
    }
    expect(COLONIAL_MESSAGES.returnFile.xls).toMatch(/save it as an Excel Workbook \(\.xlsx\)/);
    expect(await snapshot(suite.ctx.db)).toEqual(before);
  });

  it('refuses a file over 10 MB, a second file, another field and a JSON body with a message', async () => {
    const before = await snapshot(suite.ctx.db);
    const big = Buffer.concat([await returnFile([]), Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await upload(big);
    expect([tooLarge.statusCode, tooLarge.json()]).toEqual([
      413,
      { message: COLONIAL_MESSAGES.returnFile.tooLarge },
    ]);
    const bytes = await returnFile([]);
    const two = await upload(bytes, { extra: [{ field: 'returnFile', fileName: 'b.xlsx', bytes }] });
    expect([two.statusCode, two.json()]).toEqual([400, { message: COLONIAL_MESSAGES.returnFile.oneFile }]);
    const other = await upload(bytes, { field: 'file' });
    expect([other.statusCode, other.json()]).toEqual([
      400,
      { message: 'The return file must be sent in the field returnFile, not file' },
    ]);
    const json = await suite.ctx.send(compliance(), 'POST', '/colonial/return-file', { returnFile: 'x' });
    expect([json.statusCode, json.json()]).toEqual([
      400,
      { message: COLONIAL_MESSAGES.returnFile.notMultipart },
    ]);
    expect(await snapshot(suite.ctx.db)).toEqual(before);
  });

  it('fails the job at once with a clear message when the stored file is not a workbook', async () => {
    const answer = await upload(await returnFile([['Colonial', 'BCN-X', '', '', '']]));
    const { jobId } = answer.json<{ jobId: string }>();
    // The bytes damaged after the upload (a broken store): the job cannot read them.
    const bytes = Buffer.from('PK\x03\x04 xl/workbook.xml but not a zip', 'latin1');
    await suite.ctx.db
      .updateTable('colonial_return_file')
      .set({ content: bytes.toString('base64') })
      .where('job_id', '=', jobId)
      .execute();
    await suite.ctx.app.jobs.runner.runDue();
    const job = await suite.ctx.db
      .selectFrom('job')
      .selectAll()
      .where('job_id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect([job.state, Number(job.attempts)]).toEqual(['failed', 1]);
    const failed = await results(jobId);
    expect([failed.statusCode, failed.json()]).toEqual([
      400,
      { message: COLONIAL_MESSAGES.returnFile.unreadable },
    ]);
  });

  it('answers 404 for a job that is not a return file', async () => {
    const answer = await results('00000000-0000-4000-8000-000000000000');
    expect([answer.statusCode, answer.json()]).toEqual([404, { message: 'Return file job not found' }]);
  });

  it('reads the shipped sample file (samples/colonial-return-file.xlsx)', async () => {
    const { readFile } = await import('node:fs/promises');
    const { readReturnFile } = await import('../../../src/domain/colonial/return-file-format.js');
    const sample = await readFile(new URL('../../../samples/colonial-return-file.xlsx', import.meta.url));
    const rows = await readReturnFile(sample);
    expect(rows.map((row) => [row.bcn, row.accountId, row.qualifyDate, row.noPay])).toEqual([
      ['BCN-480111', 'E480111', '2027-01-01', ''],
      ['BCN-480407', 'E480407', '2027-02-01', ''],
      ['TEST-0001', '', '2027-01-01', 'N1'],
      ['BCN-999999', '', '2027-01-01', ''],
      ['BCN-480111', '', '13/45/2027', ''],
      ['BCN-480407', '', '', 'N2'],
    ]);
  });

  it('reads a large file with the streaming reader (10,000 rows)', async () => {
    const rows = Array.from({ length: 10_000 }, (_, index) => [
      'Colonial',
      `BULK-${index}`,
      '',
      '03/01/2027',
      '',
    ]);
    const { readReturnFile } = await import('../../../src/domain/colonial/return-file-format.js');
    const read = await readReturnFile(await returnFile(rows, RETURN_HEADERS));
    expect(read).toHaveLength(10_000);
    expect(read[9_999]).toEqual({
      rowNumber: 10_001,
      bcnVendor: 'Colonial',
      bcn: 'BULK-9999',
      accountId: '',
      qualifyDate: '2027-03-01',
      noPay: '',
    });
  });
});
