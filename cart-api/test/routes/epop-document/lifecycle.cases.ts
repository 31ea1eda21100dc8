import { describe, expect, it } from '@jest/globals';
import { documentForm } from '../../helpers/documents.js';
import { seededTestApp, snapshot } from '../../helpers/parties.js';
import { companyRow, documentRow } from '../../helpers/rows.js';

interface Change {
  changeDate: string;
  user: string;
  description: string;
}

/** Deactivate, Reactivate and the Colonial no-pay reason (issue 11), each written to the change log. */
describe('deactivate, reactivate, Colonial no-pay', () => {
  const suite = seededTestApp();

  async function documentOf(overrides: Parameters<typeof documentRow>[2] = {}) {
    const { records } = suite.parties;
    const form = documentForm({ clientCompanyName: 'Lifecycle Co', primaryEmail: 'owner@lifecycle.test' });
    const row = documentRow(records.brokerA.userId, records.brokerA.companyId, {
      json: JSON.stringify(form),
      ...overrides,
    });
    await suite.ctx.db.insertInto('epop_document').values(row).execute();
    return row.document_id;
  }
  const post = (path: string, payload: object = {}) =>
    suite.ctx.send(suite.parties.accounts.compliance, 'POST', path, payload);
  const listed = async (documentId: string) => {
    const { brokerA } = suite.parties.accounts;
    const page = await suite.ctx.send(brokerA, 'GET', `/epop-document/${brokerA.userId}?pageSize=100`);
    return page.json<{ data: { documentId: string }[] }>().data.some((row) => row.documentId === documentId);
  };
  const changeLog = async () =>
    (
      await suite.ctx.send(
        suite.parties.accounts.compliance,
        'GET',
        `/client/${suite.parties.records.brokerA.companyId}/change-log`,
      )
    ).json<Change[]>();

  it('deactivates a Paid document off the dashboards and reactivates it with its status, logging both', async () => {
    const documentId = await documentOf();
    expect(await listed(documentId)).toBe(true);
    const off = await post(`/epop-document/${documentId}/deactivate`, { reason: 'Employer closed' });
    expect(off.json()).toEqual({ documentId, status: 'Inactive', message: 'Document has been deactivated' });
    expect(await listed(documentId)).toBe(false);
    const document = await suite.ctx.send(
      suite.parties.accounts.compliance,
      'GET',
      `/epop-document/${documentId}`,
    );
    expect(document.json()).toMatchObject({ status: 'Inactive', isReadOnly: true, deactivated: true });
    // Compliance still finds it on the client's page; the broker does not.
    const clientDocs = (id: string) =>
      suite.ctx.send(
        id === 'compliance' ? suite.parties.accounts.compliance : suite.parties.accounts.brokerA,
        'GET',
        `/client/${suite.parties.records.brokerA.companyId}/document`,
      );
    expect(
      (await clientDocs('compliance')).json<{ documentId: string }[]>().map((d) => d.documentId),
    ).toContain(documentId);
    expect(
      (await clientDocs('broker')).json<{ documentId: string }[]>().map((d) => d.documentId),
    ).not.toContain(documentId);

    const on = await post(`/epop-document/${documentId}/reactivate`);
    expect(on.json()).toEqual({ documentId, status: 'Paid', message: 'Document has been reactivated' });
    expect(await listed(documentId)).toBe(true);
    const [reactivated, deactivated] = await changeLog();
    expect(reactivated!.description).toMatch(
      /^Document brokerA Company \(plan year 01\/01\/2027 - 12\/31\/2027\) reactivated \(Paid\)$/,
    );
    expect(deactivated!.description).toContain('deactivated: Employer closed');
    expect(deactivated!.user).toBe(suite.parties.accounts.compliance.userId);
  });

  it('lets the client buy a document again when repayment is allowed, and e-mails sendTo', async () => {
    const documentId = await documentOf();
    const off = await post(`/epop-document/${documentId}/deactivate`, {
      reason: 'Card charged back',
      allowRepayment: true,
      sendTo: 'pay@lifecycle.test',
    });
    expect(off.json()).toMatchObject({ status: 'Unpaid' });
    const { brokerA } = suite.parties.accounts;
    const items = await suite.ctx.db
      .selectFrom('action_item')
      .select(['user_id', 'item_type'])
      .where('json', 'like', `%${documentId}%`)
      .where('completed', '=', 0)
      .execute();
    // brokerA's client company has no users of its own: the document's owner gets the item.
    expect(items).toEqual([{ user_id: brokerA.userId, item_type: 'unpaid-pop-action-item' }]);
    const mail = await suite.ctx.db
      .selectFrom('job')
      .select('payload')
      .where('kind', '=', 'send-email')
      .where('payload', 'like', '%pay@lifecycle.test%')
      .execute();
    expect(mail).toHaveLength(1);
    // Reactivating instead closes the request to pay.
    await post(`/epop-document/${documentId}/reactivate`);
    const open = await suite.ctx.db
      .selectFrom('action_item')
      .select('action_item_id')
      .where('json', 'like', `%${documentId}%`)
      .where('completed', '=', 0)
      .execute();
    expect(open).toEqual([]);
  });

  it('refuses what cannot be done, changing nothing', async () => {
    const colonialPartner = { ...companyRow('Colonial Test', { kind: 'strategic-partner' }), colonial: 1 };
    await suite.ctx.db.insertInto('company').values(colonialPartner).execute();
    const colonial = await documentOf({ strategic_partner_id: colonialPartner.company_id });
    const unpaid = await documentOf({ status: 'Unpaid' });
    const paid = await documentOf();
    const before = await snapshot(suite.ctx.db);
    const refusals: [string, object, number, object][] = [
      [
        `/epop-document/${paid}/deactivate`,
        { reason: '  ' },
        400,
        { type: 'validation', errors: ['A reason is required to deactivate a document'] },
      ],
      [
        `/epop-document/${paid}/deactivate`,
        { reason: 'x', sendTo: 'not an address' },
        400,
        { type: 'validation', errors: ['Send to must be an e-mail address'] },
      ],
      [
        `/epop-document/${unpaid}/deactivate`,
        { reason: 'x' },
        400,
        { message: 'Only a paid document can be deactivated' },
      ],
      [
        `/epop-document/${colonial}/deactivate`,
        { reason: 'x', allowRepayment: true },
        400,
        { message: expect.stringContaining('Repayment cannot be allowed for a Colonial document') },
      ],
      [`/epop-document/${paid}/reactivate`, {}, 400, { message: 'This document has not been deactivated' }],
      [
        `/colonial/no-pay/N1/${paid}`,
        {},
        400,
        { message: expect.stringContaining('This is not a Colonial document') },
      ],
      [
        `/colonial/no-pay/N9/${colonial}`,
        {},
        400,
        { message: expect.stringMatching(/^N9 is not a no-pay reason: choose one of N1, N2/) },
      ],
    ];
    for (const [path, payload, status, body] of refusals) {
      const answer = await post(path, payload);
      expect([path, answer.statusCode, answer.json()]).toEqual([path, status, body]);
    }
    const { brokerA } = suite.parties.accounts;
    expect(
      (await suite.ctx.send(brokerA, 'POST', `/epop-document/${paid}/deactivate`, { reason: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(await snapshot(suite.ctx.db)).toEqual(before);
  });

  it('processes a Colonial no-pay reason: the client leaves Colonial, the document is Inactive, N1 asks the client to buy', async () => {
    const colonialPartner = {
      ...companyRow('Colonial Life Test', { kind: 'strategic-partner' }),
      colonial: 1,
    };
    await suite.ctx.db.insertInto('company').values(colonialPartner).execute();
    const { records } = suite.parties;
    await suite.ctx.db
      .updateTable('company')
      .set({ strategic_partner_id: colonialPartner.company_id, strategic_partner_account_id: 'COL-1' })
      .where('company_id', '=', records.brokerA.companyId)
      .execute();
    const documentId = await documentOf({ strategic_partner_id: colonialPartner.company_id });
    const answer = await post(`/colonial/no-pay/n1/${documentId}`);
    expect(answer.json()).toEqual({
      message: 'No Pay Reason has been processed',
      documentId,
      clientId: records.brokerA.companyId,
      reasonCode: 'N1',
    });
    const client = await suite.ctx.db
      .selectFrom('company')
      .select(['strategic_partner_id', 'strategic_partner_account_id'])
      .where('company_id', '=', records.brokerA.companyId)
      .executeTakeFirstOrThrow();
    expect(client).toEqual({ strategic_partner_id: null, strategic_partner_account_id: null });
    const document = await suite.ctx.send(
      suite.parties.accounts.compliance,
      'GET',
      `/epop-document/${documentId}`,
    );
    expect(document.json()).toMatchObject({ status: 'Inactive', deactivated: true });
    const items = await suite.ctx.db
      .selectFrom('action_item')
      .select('item_type')
      .where('json', 'like', `%${documentId}%`)
      .execute();
    expect(items).toEqual([{ item_type: 'colonial-cancellation-purchase' }]);
    expect((await changeLog())[0]!.description).toMatch(
      /^No-pay reason N1 - .+: document brokerA Company .* deactivated, client removed from Colonial Life Test$/,
    );

    // N2 asks nothing of the client.
    const second = await documentOf({ strategic_partner_id: colonialPartner.company_id });
    await post(`/colonial/no-pay/N2/${second}`);
    expect(
      await suite.ctx.db
        .selectFrom('action_item')
        .select('item_type')
        .where('json', 'like', `%${second}%`)
        .execute(),
    ).toEqual([]);
  });
});
