import { describe, expect, it } from '@jest/globals';
import { seededTestApp, snapshot } from '../../helpers/parties.js';
import { companyRow, documentRow } from '../../helpers/rows.js';
import type { StrategicPartner } from '../../../src/contract/strategic-partner-partner.js';

const DETAIL = {
  name: 'Northwind Benefits',
  phone: '(303) 555-0199',
  federalTaxId: '84-7654321',
  addressLine1: '1 Market St',
  addressLine2: 'Suite 5',
  city: 'Denver',
  state: 'CO',
  zipCode: '80202-1234',
  notes: 'Signed in March',
};

/** specs/3-admin.md §2, §3, §7: the back office's strategic partner records and labels. */
describe('strategic partner records', () => {
  const suite = seededTestApp();
  const compliance = () => suite.parties.accounts.compliance;

  async function create(detail: Partial<typeof DETAIL> = {}, customUrl = 'https://northwind.example') {
    const response = await suite.ctx.send(compliance(), 'POST', '/strategic-partner', {
      customUrl,
      companyDetail: { ...DETAIL, ...detail },
    });
    expect(response.statusCode).toBe(200);
    return response.json<StrategicPartner>();
  }

  it('creates a partner with a unique referral id, lists it, reads and updates it', async () => {
    const blank = await suite.ctx.send(compliance(), 'GET', '/strategic-partner/new');
    expect(blank.json()).toEqual({
      companyId: null,
      name: '',
      customUrl: '',
      referralId: '',
      companyDetail: { ...Object.fromEntries(Object.keys(DETAIL).map((key) => [key, ''])) },
    });

    const first = await create();
    const second = await create({ name: 'Second Partner' });
    expect(first).toMatchObject({
      name: DETAIL.name,
      customUrl: 'https://northwind.example',
      companyDetail: DETAIL,
    });
    expect(first.referralId).toMatch(/^[a-z0-9]{10}$/);
    expect(second.referralId).not.toBe(first.referralId);
    const row = await suite.ctx.db
      .selectFrom('company')
      .selectAll()
      .where('company_id', '=', first.companyId!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: 'strategic-partner',
      referral_id: first.referralId,
      zip_code: '80202-1234',
    });

    const list = (await suite.ctx.send(compliance(), 'GET', '/strategic-partner')).json<StrategicPartner[]>();
    expect(list.map((partner) => partner.name)).toEqual(
      [...list.map((partner) => partner.name)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    expect(list.find((partner) => partner.companyId === first.companyId)).toEqual(first);

    const updated = await suite.ctx.send(compliance(), 'POST', `/strategic-partner/${first.companyId}`, {
      ...first,
      customUrl: '',
      companyDetail: { ...DETAIL, name: ' Northwind Partners ', addressLine2: '', zipCode: '80203' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      companyId: first.companyId,
      name: 'Northwind Partners',
      referralId: first.referralId, // never changes
      customUrl: '',
      companyDetail: { name: 'Northwind Partners', addressLine2: '', zipCode: '80203' },
    });
    const read = await suite.ctx.send(compliance(), 'GET', `/strategic-partner/${first.companyId}`);
    expect(read.json()).toEqual(updated.json());
  });

  it.each([
    ['a partner without a name', { name: '  ' }, 'Company name is required'],
    ['a phone out of its mask', { phone: '303-555-0199' }, 'Enter a phone number as (###) ###-####'],
    ['a zip code out of its mask', { zipCode: '8020' }, 'Enter a zip code as ##### or #####-####'],
    ['a tax id out of its mask', { federalTaxId: '847654321' }, 'Enter a tax id as ##-#######'],
    ['a state that is not one of the 51', { state: 'XX' }, 'Choose a state from the list'],
  ])('refuses %s with a clear 400 and changes nothing', async (_what, detail, message) => {
    const existing = await create({ name: 'Unchanged Partner' });
    const before = await snapshot(suite.ctx.db);
    for (const [method, url] of [
      ['POST', '/strategic-partner'],
      ['POST', `/strategic-partner/${existing.companyId}`],
    ] as const) {
      const response = await suite.ctx.send(compliance(), method, url, {
        customUrl: '',
        companyDetail: { ...DETAIL, ...detail },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ type: 'validation', errors: [message] });
    }
    expect(await snapshot(suite.ctx.db)).toEqual(before);
  });

  it('answers 404 for an unknown partner and for a client company', async () => {
    const client = suite.parties.records.brokerA.companyId;
    for (const id of [client, '0b6e5c1a-0000-4000-8000-000000000000']) {
      expect((await suite.ctx.send(compliance(), 'GET', `/strategic-partner/${id}`)).statusCode).toBe(404);
      expect(
        (
          await suite.ctx.send(compliance(), 'POST', `/strategic-partner/${id}`, {
            customUrl: '',
            companyDetail: DETAIL,
          })
        ).statusCode,
      ).toBe(404);
      expect((await suite.ctx.send(compliance(), 'DELETE', `/strategic-partner/${id}`)).statusCode).toBe(404);
    }
  });

  it('deletes a partner nothing names, with its labels and rules', async () => {
    const partner = await create({ name: 'Short Lived' });
    await suite.ctx.send(compliance(), 'POST', `/strategic-partner/${partner.companyId}/label`, [
      { internalName: 'account-id', label: 'Member', helpText: '', visible: true },
    ]);
    await suite.ctx.send(
      compliance(),
      'POST',
      `/strategic-partner/${partner.companyId}/rule/exclude-states`,
      [{ states: 'CA' }],
    );
    const deleted = await suite.ctx.send(compliance(), 'DELETE', `/strategic-partner/${partner.companyId}`);
    expect(deleted.json()).toEqual({ companyId: partner.companyId, deleted: true });
    expect(
      (await suite.ctx.send(compliance(), 'GET', `/strategic-partner/${partner.companyId}`)).statusCode,
    ).toBe(404);
    for (const table of ['partner_rule', 'partner_label'] as const) {
      const rows = await suite.ctx.db
        .selectFrom(table)
        .selectAll()
        .where('company_id', '=', partner.companyId!)
        .execute();
      expect(rows).toEqual([]);
    }
  });

  it('refuses to delete a partner that still has clients or documents, and changes nothing', async () => {
    const partner = await create({ name: 'Busy Partner' });
    const client = { ...companyRow('Busy Client'), strategic_partner_id: partner.companyId };
    await suite.ctx.db.insertInto('company').values(client).execute();
    await suite.ctx.db
      .insertInto('epop_document')
      .values({
        ...documentRow(suite.parties.accounts.brokerA.userId, client.company_id),
        strategic_partner_id: partner.companyId,
      })
      .execute();
    const before = await snapshot(suite.ctx.db);
    const refused = await suite.ctx.send(compliance(), 'DELETE', `/strategic-partner/${partner.companyId}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message:
        'Busy Partner cannot be deleted: it still has 1 client, 1 document. Move them to another partner first.',
    });
    expect(await snapshot(suite.ctx.db)).toEqual(before);
  });

  it("keeps the partner's labels, which the order form shows", async () => {
    const partner = await create({ name: 'Labelled Partner' });
    const url = `/strategic-partner/${partner.companyId}/label`;
    expect((await suite.ctx.send(compliance(), 'GET', url)).json()).toEqual([
      { internalName: 'account-id', label: 'Account ID', helpText: '', visible: false },
      { internalName: 'account-id-suffix', label: 'Account ID Suffix', helpText: '', visible: false },
    ]);
    const labels = [
      { internalName: 'account-id', label: 'Member Number', helpText: 'On the member card', visible: true },
      { internalName: 'account-id-suffix', label: 'Group', helpText: '', visible: false },
    ];
    const saved = await suite.ctx.send(compliance(), 'POST', url, labels);
    expect(saved.json()).toEqual(labels);
    expect((await suite.ctx.send(compliance(), 'GET', url)).json()).toEqual(labels);

    // The order form of this partner shows the visible label and its help text only, to an account
    // entitled to it (issue 21): broker A signed in through the partner's referral link.
    const { brokerA } = suite.parties.accounts;
    suite.ctx.identity.refer(brokerA.userId, partner.referralId);
    const draft = await suite.ctx.send(
      brokerA,
      'GET',
      `/epop/document/new/${brokerA.userId}?strategicPartnerId=${partner.companyId}`,
    );
    expect(draft.json<{ partner: { customIdentifiers: object } }>().partner.customIdentifiers).toEqual({
      'account-id': { label: 'Member Number', helpText: 'On the member card' },
    });

    const before = await snapshot(suite.ctx.db);
    for (const [body, errors] of [
      [
        [{ ...labels[0], internalName: 'favourite-color' }],
        ["'favourite-color' is not a field a partner can label (account-id, account-id-suffix)"],
      ],
      [[{ ...labels[0], label: ' ' }], ["Label is required for the visible field 'account-id'"]],
      [[labels[0], labels[0]], ["'account-id' is listed more than once"]],
    ] as const) {
      const refused = await suite.ctx.send(compliance(), 'POST', url, body as unknown as object);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ type: 'validation', errors });
    }
    expect(await snapshot(suite.ctx.db)).toEqual(before);
  });
});
