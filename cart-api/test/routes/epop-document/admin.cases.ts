import { describe, expect, it } from '@jest/globals';
import { documentForm } from '../../helpers/documents.js';
import { seededTestApp, snapshot } from '../../helpers/parties.js';
import { companyRow, documentRow } from '../../helpers/rows.js';

/** The admin document page's calls (issue 11): notes, a partner's settings, the client's partner. */
describe('POST …/note, GET …/partner/:partnerId, POST client/:clientId/partner', () => {
  const suite = seededTestApp();

  async function colonialPartner() {
    const partner = { ...companyRow('Colonial Admin Test', { kind: 'strategic-partner' }), colonial: 1 };
    await suite.ctx.db.insertInto('company').values(partner).execute();
    await suite.ctx.db
      .insertInto('partner_label')
      .values({
        company_id: partner.company_id,
        internal_name: 'account-id',
        label: 'Colonial Account #',
        help_text: 'Six digits',
        visible: 1,
      })
      .execute();
    return partner.company_id;
  }

  async function documentOf(
    overrides: Parameters<typeof documentRow>[2] = {},
    form: Record<string, unknown> = {},
  ) {
    const { records } = suite.parties;
    const row = documentRow(records.brokerA.userId, records.brokerA.companyId, {
      json: JSON.stringify(documentForm(form)),
      ...overrides,
    });
    await suite.ctx.db.insertInto('epop_document').values(row).execute();
    return row.document_id;
  }

  it('keeps compliance’s note, shown to compliance only', async () => {
    const { compliance, brokerA } = suite.parties.accounts;
    const documentId = await documentOf();
    const saved = await suite.ctx.send(compliance, 'POST', `/epop-document/${documentId}/note`, {
      notes: '  Called the broker about the plan year.  ',
    });
    expect(saved.json()).toEqual({ documentId, notes: 'Called the broker about the plan year.' });
    const read = (account: typeof compliance) =>
      suite.ctx.send(account, 'GET', `/epop-document/${documentId}`);
    expect((await read(compliance)).json()).toMatchObject({
      notes: 'Called the broker about the plan year.',
    });
    expect((await read(brokerA)).json()).toMatchObject({ notes: null });
    expect(
      (await suite.ctx.send(brokerA, 'POST', `/epop-document/${documentId}/note`, { notes: 'x' })).statusCode,
    ).toBe(403);
    await suite.ctx.send(compliance, 'POST', `/epop-document/${documentId}/note`, { notes: '' });
    expect((await read(compliance)).json()).toMatchObject({ notes: '' });
  });

  it('answers a partner’s settings for the document: its values when it is that partner’s, else the client’s account', async () => {
    const { compliance } = suite.parties.accounts;
    const partnerId = await colonialPartner();
    const ofPartner = await documentOf(
      { strategic_partner_id: partnerId },
      { accountId: '123456', accountIdSuffix: '01', agentNumber: 'AG-7', groupId: 'G-9' },
    );
    const settings = await suite.ctx.send(
      compliance,
      'GET',
      `/epop-document/${ofPartner}/partner/${partnerId}`,
    );
    expect(settings.json()).toEqual({
      strategicPartnerId: partnerId,
      name: 'Colonial Admin Test',
      accountId: '123456',
      accountIdSuffix: '01',
      customIdentifiers: { 'account-id': { label: 'Colonial Account #', helpText: 'Six digits' } },
      colonial: {
        agentId: 'AG-7',
        groupId: 'G-9',
        noPayOptions: expect.arrayContaining([expect.objectContaining({ code: 'N1' })]),
        defaultNoPay: 'None - Document is to be paid for',
      },
    });
    // Another document, of no partner: blank fields, the client's account when the client is the partner's.
    await suite.ctx.db
      .updateTable('company')
      .set({ strategic_partner_id: partnerId, strategic_partner_account_id: 'CLIENT-1' })
      .where('company_id', '=', suite.parties.records.brokerA.companyId)
      .execute();
    const plain = await documentOf();
    expect(
      (await suite.ctx.send(compliance, 'GET', `/epop-document/${plain}/partner/${partnerId}`)).json(),
    ).toMatchObject({
      accountId: 'CLIENT-1',
      accountIdSuffix: '',
      colonial: { agentId: '', groupId: '' },
    });
    const unknown = await suite.ctx.send(compliance, 'GET', `/epop-document/${plain}/partner/${plain}`);
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'Strategic partner not found' }]);
  });

  it('saves the partner settings on the document (compliance only) and at client level, logged', async () => {
    const { compliance, brokerA } = suite.parties.accounts;
    const partnerId = await colonialPartner();
    const documentId = await documentOf({}, { agentNumber: '' });
    const saved = await suite.ctx.send(compliance, 'POST', `/epop-document/${documentId}`, {
      strategicPartnerId: partnerId,
      accountId: '654321',
      agentNumber: 'AG-1',
      groupId: 'GRP-2',
      shortPlanYear: true,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      strategicPartnerId: partnerId,
      form: expect.objectContaining({
        accountId: '654321',
        agentNumber: 'AG-1',
        groupId: 'GRP-2',
        shortPlanYear: true,
      }),
    });
    // A broker may not change the group id of an existing document.
    const refused = await suite.ctx.send(brokerA, 'POST', `/epop-document/${documentId}`, {
      groupId: 'MINE',
    });
    expect(refused.json()).toEqual({
      type: 'validation',
      errors: ['Group id can only be changed by compliance'],
    });

    const clientId = suite.parties.records.brokerA.companyId;
    const level = await suite.ctx.send(compliance, 'POST', `/client/${clientId}/partner`, {
      clientId,
      accountId: '654321',
      strategicPartnerId: partnerId,
    });
    expect(level.json()).toEqual({ clientId, strategicPartnerId: partnerId, accountId: '654321' });
    const log = await suite.ctx.send(compliance, 'GET', `/client/${clientId}/change-log`);
    expect(log.json<{ description: string }[]>()[0]!.description).toBe(
      'Strategic partner set to Colonial Admin Test (account id 654321)',
    );

    const before = await snapshot(suite.ctx.db);
    const mismatch = await suite.ctx.send(compliance, 'POST', `/client/${clientId}/partner`, {
      clientId: documentId,
      strategicPartnerId: null,
    });
    expect(mismatch.json()).toEqual({
      type: 'validation',
      errors: ['clientId must be the client of the path'],
    });
    const noPartner = await suite.ctx.send(compliance, 'POST', `/client/${clientId}/partner`, {
      strategicPartnerId: documentId,
    });
    expect(noPartner.json()).toEqual({ type: 'validation', errors: ['Strategic partner not found'] });
    expect(await snapshot(suite.ctx.db)).toEqual(before);
  });
});
