import { describe, expect, it } from '@jest/globals';
import { pdfText } from 'shared-domain/testing';
import { documentForm } from '../helpers/documents.js';
import { seededTestApp } from '../helpers/parties.js';
import { documentRow } from '../helpers/rows.js';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Issue 21 item 6: every download rendered the PDFs again and archived another copy, so a loop of
 * downloads cost a render and a row each. Now a file of an unchanged document (the same answers, plan
 * year and templates) is the archived one, byte for byte, with no new row; a changed document is made
 * again. The receipt PDF likewise is made once. A day passes between downloads (the service's clock):
 * a new render would print another "Generated" date.
 */
describe('downloads of unchanged documents and receipts come from the archive', () => {
  let now = new Date();
  const suite = seededTestApp(undefined, { now: () => now });

  const archiveRows = async (documentId: string) =>
    (
      await suite.ctx.db
        .selectFrom('document_archive')
        .select('name')
        .where('document_id', '=', documentId)
        .execute()
    )
      .map((row) => row.name)
      .sort();

  it('answers a second download of an unchanged document from the archive (no new row, the same bytes); a changed document is made again', async () => {
    const { accounts, records } = suite.parties;
    const form = documentForm({ clientCompanyName: 'Quiet Harbor Bakery' });
    const row = documentRow(records.brokerA.userId, records.brokerA.companyId, {
      status: 'Paid',
      json: JSON.stringify(form),
    });
    await suite.ctx.db.insertInto('epop_document').values(row).execute();
    const documentId = row.document_id;
    const get = (path: string) =>
      suite.ctx.send(accounts.brokerA, 'GET', `/epop-document/${documentId}/${path}`);

    const first = await get('download/plan-doc');
    const zip = await get('download');
    expect([first.statusCode, zip.statusCode]).toEqual([200, 200]);
    expect(await archiveRows(documentId)).toEqual([
      'Quiet Harbor Bakery - POP Documents.zip',
      'Quiet Harbor Bakery - Plan Document.pdf',
    ]);

    now = new Date(now.getTime() + DAY_MS);
    // Another caller who may read it, a day later: the archived files, unchanged.
    const again = await get('download/plan-doc');
    const zipAgain = await suite.ctx.send(
      accounts.compliance,
      'GET',
      `/epop-document/${documentId}/download`,
    );
    expect(Buffer.compare(again.rawPayload, first.rawPayload)).toBe(0);
    expect(Buffer.compare(zipAgain.rawPayload, zip.rawPayload)).toBe(0);
    expect(again.headers['content-disposition']).toBe(first.headers['content-disposition']);
    expect(await archiveRows(documentId)).toEqual([
      'Quiet Harbor Bakery - POP Documents.zip',
      'Quiet Harbor Bakery - Plan Document.pdf',
    ]);

    // A changed answer is a changed document: made again, with the new answer, and archived.
    await suite.ctx.db
      .updateTable('epop_document')
      .set({ json: JSON.stringify({ ...form, clientCompanyName: 'Loud Harbor Bakery' }) })
      .where('document_id', '=', documentId)
      .execute();
    const changed = await get('download/plan-doc');
    expect(changed.statusCode).toBe(200);
    expect(Buffer.compare(changed.rawPayload, first.rawPayload)).not.toBe(0);
    expect((await pdfText(changed.rawPayload)).text).toContain('Loud Harbor Bakery');
    expect(await archiveRows(documentId)).toEqual([
      'Loud Harbor Bakery - Plan Document.pdf',
      'Quiet Harbor Bakery - POP Documents.zip',
      'Quiet Harbor Bakery - Plan Document.pdf',
    ]);
    // And a plan year changed by compliance is a changed document too.
    await suite.ctx.db
      .updateTable('epop_document')
      .set({ plan_year_start: '2028-01-01', plan_year_end: '2028-12-31' })
      .where('document_id', '=', documentId)
      .execute();
    await get('download/plan-doc');
    expect(await archiveRows(documentId)).toHaveLength(4);
  });

  it('makes the receipt PDF once: a second download is the kept file; a receipt of other templates is made again', async () => {
    const { accounts, records } = suite.parties;
    const orderId = records.brokerB.orderId;
    const download = () => suite.ctx.send(accounts.brokerB, 'GET', `/order/${orderId}/receipt/download`);
    const first = await download();
    expect(first.statusCode).toBe(200);
    expect((await pdfText(first.rawPayload)).text).toContain('Receipt');
    const kept = () =>
      suite.ctx.db.selectFrom('receipt_file').selectAll().where('order_id', '=', orderId).execute();
    const [file] = await kept();
    expect(Buffer.compare(Buffer.from(file!.content, 'base64'), first.rawPayload)).toBe(0);

    now = new Date(now.getTime() + DAY_MS);
    const again = await download();
    expect(Buffer.compare(again.rawPayload, first.rawPayload)).toBe(0);
    expect(await kept()).toEqual([file]);

    // The answer is the kept file itself, not a new render of the same receipt.
    const marker = Buffer.from('%PDF-1.3 the kept receipt');
    await suite.ctx.db
      .updateTable('receipt_file')
      .set({ content: marker.toString('base64') })
      .where('order_id', '=', orderId)
      .execute();
    expect(Buffer.compare((await download()).rawPayload, marker)).toBe(0);

    // Made by other templates (another input hash): made again and kept in its place.
    await suite.ctx.db
      .updateTable('receipt_file')
      .set({ input_hash: 'made-by-older-templates' })
      .where('order_id', '=', orderId)
      .execute();
    const remade = await download();
    expect((await pdfText(remade.rawPayload)).text).toContain('Receipt');
    const [replaced] = await kept();
    expect(replaced!.input_hash).toBe(file!.input_hash);
    expect(Buffer.compare(Buffer.from(replaced!.content, 'base64'), remade.rawPayload)).toBe(0);
  });
});
