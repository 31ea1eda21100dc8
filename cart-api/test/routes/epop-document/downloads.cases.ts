import { describe, expect, it } from '@jest/globals';
import { pdfText } from 'shared-domain/testing';
import { documentForm } from '../../helpers/documents.js';
import { seededTestApp, snapshot } from '../../helpers/parties.js';
import { documentRow } from '../../helpers/rows.js';

/** The generated documents (issue 11 "Generated documents"): each PDF, the ZIP, the archive. */
describe('GET /epop-document/:documentId/download(/:section), /archive(/:archiveId)', () => {
  const suite = seededTestApp();

  async function documentOf(status: 'Paid' | 'Unpaid', company: string) {
    const { records } = suite.parties;
    const form = documentForm({ clientCompanyName: company });
    const row = documentRow(records.brokerA.userId, records.brokerA.companyId, {
      status,
      json: JSON.stringify(form),
      plan_year_start: String(form.currentPlanYearStartDate),
      plan_year_end: String(form.currentPlanYearEndDate),
    });
    await suite.ctx.db.insertInto('epop_document').values(row).execute();
    return row.document_id;
  }

  it('answers each PDF and the ZIP of the three under their names, and archives each generation', async () => {
    const { brokerA } = suite.parties.accounts;
    const documentId = await documentOf('Paid', 'Orchard/Dental "Group"');
    const get = (path: string) => suite.ctx.send(brokerA, 'GET', `/epop-document/${documentId}/${path}`);
    for (const [section, title] of [
      ['plan-doc', 'Plan Document'],
      ['plan-description', 'Summary Plan Description'],
      ['resolution', 'Resolution'],
    ] as const) {
      const pdf = await get(`download/${section}`);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toContain(`filename="OrchardDental Group - ${title}.pdf"`);
      expect((await pdfText(pdf.rawPayload)).text).toContain('Dental "Group" Premium Only Plan');
    }
    const zip = await get('download');
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain(
      'filename="OrchardDental Group - POP Documents.zip"',
    );
    expect(zip.rawPayload.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    for (const title of ['Plan Document', 'Summary Plan Description', 'Resolution']) {
      expect(zip.rawPayload.includes(`OrchardDental Group - ${title}.pdf`)).toBe(true);
    }

    const history = (await get('archive')).json<{ archiveId: string; name: string }[]>();
    expect(history.map((file) => file.name)).toEqual([
      'OrchardDental Group - POP Documents.zip',
      'OrchardDental Group - Resolution.pdf',
      'OrchardDental Group - Summary Plan Description.pdf',
      'OrchardDental Group - Plan Document.pdf',
    ]);
    const again = await get(`archive/${history[0]!.archiveId}`);
    expect(Buffer.compare(again.rawPayload, zip.rawPayload)).toBe(0);
  });

  it('refuses an unpaid document (400), an unknown section and another document’s archived file (404), changing nothing', async () => {
    const { accounts, records } = suite.parties;
    const unpaid = await documentOf('Unpaid', 'Unpaid Co');
    const before = await snapshot(suite.ctx.db);
    const refused = await suite.ctx.send(
      accounts.brokerA,
      'GET',
      `/epop-document/${unpaid}/download/plan-doc`,
    );
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      { message: 'This document must be purchased before it can be downloaded' },
    ]);
    const unknown = await suite.ctx.send(
      accounts.brokerA,
      'GET',
      `/epop-document/${records.brokerA.documentId}/download/brochure`,
    );
    expect(unknown.statusCode).toBe(404);
    const elsewhere = await suite.ctx.send(
      accounts.compliance,
      'GET',
      `/epop-document/${records.brokerA.documentId}/archive/${records.brokerB.archiveId}`,
    );
    expect([elsewhere.statusCode, elsewhere.json()]).toEqual([404, { message: 'Archived file not found' }]);
    const foreign = await suite.ctx.send(
      accounts.brokerB,
      'GET',
      `/epop-document/${records.brokerA.documentId}/download`,
    );
    expect(foreign.statusCode).toBe(404);
    expect(await snapshot(suite.ctx.db)).toEqual(before);
  });
});
