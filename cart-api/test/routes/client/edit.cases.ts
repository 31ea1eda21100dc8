import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { seededTestApp, snapshot } from '../../helpers/parties.js';
import { companyRow } from '../../helpers/rows.js';

/**
 * The admin client page's changes (specs/3-admin.md §2 Clients, §4): POST client/{clientId} and
 * DELETE client/{clientId}/broker, each with its change-log row; and 'Search All Clients' by name,
 * tax id or account id.
 */
describe('POST client/{clientId}, DELETE client/{clientId}/broker', () => {
  const suite = seededTestApp();

  const body = (overrides: Record<string, unknown> = {}, detail: Record<string, unknown> = {}) => ({
    companyDetail: {
      name: 'Harbor View Dental LLC',
      phone: '(207) 555-0100',
      federalTaxId: '12-3456789',
      addressLine1: '12 Pier Road',
      addressLine2: '',
      city: 'Portland',
      state: 'ME',
      zipCode: '04101',
      notes: '',
      ...detail,
    },
    legalEntityType: 'LLC',
    stateOfLegalConstruction: 'DE',
    erisaAccount: false,
    ...overrides,
  });

  /** A client of broker A, saved once with `body()`. */
  async function client() {
    const row = companyRow('Harbor View Dental LLC', { brokerUserId: suite.parties.accounts.brokerA.userId });
    await suite.ctx.db.insertInto('company').values(row).execute();
    const saved = await suite.ctx.send(
      suite.parties.accounts.compliance,
      'POST',
      `/client/${row.company_id}`,
      body(),
    );
    expect(saved.statusCode).toBe(200);
    return row.company_id;
  }

  const changeLog = async (clientId: string) =>
    (await suite.ctx.send(suite.parties.accounts.compliance, 'GET', `/client/${clientId}/change-log`)).json<
      { user: string; description: string }[]
    >();

  it('saves the details, answers the client as saved and logs what changed, field by field', async () => {
    const clientId = await client();
    const { compliance } = suite.parties.accounts;
    const answer = await suite.ctx.send(
      compliance,
      'POST',
      `/client/${clientId}`,
      body(
        { legalEntityType: 'Corp', erisaAccount: true },
        { phone: '(207) 555-0199', addressLine2: ' Suite 4 ', notes: 'Call first' },
      ),
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      clientId,
      legalEntityType: 'Corp',
      erisaAccount: true,
      companyDetail: {
        phone: '(207) 555-0199',
        addressLine2: 'Suite 4',
        notes: 'Call first',
        legalEntityType: 'Corp',
      },
    });
    const reloaded = await suite.ctx.send(compliance, 'GET', `/client/${clientId}`);
    expect(reloaded.json()).toEqual(answer.json());

    const [latest] = await changeLog(clientId);
    expect(latest).toEqual({
      id: expect.any(String),
      changeDate: expect.any(String),
      user: compliance.userId,
      description:
        "Client details updated: Phone changed from '(207) 555-0100' to '(207) 555-0199'; " +
        "Address line 2 changed from (blank) to 'Suite 4'; Notes changed; " +
        "Legal entity type changed from 'LLC' to 'Corp'; ERISA account changed from No to Yes",
    });
  });

  it('writes no row when nothing changed', async () => {
    const clientId = await client();
    const before = await changeLog(clientId);
    const again = await suite.ctx.send(
      suite.parties.accounts.compliance,
      'POST',
      `/client/${clientId}`,
      body(),
    );
    expect(again.statusCode).toBe(200);
    expect(await changeLog(clientId)).toEqual(before);
  });

  it.each([
    ['a blank name', body({}, { name: ' ' }), 'Company name is required'],
    [
      'a phone out of its mask',
      body({}, { phone: '207-555-0100' }),
      'Enter a phone number as (###) ###-####',
    ],
    ['a zip code out of its mask', body({}, { zipCode: '041' }), 'Enter a zip code as ##### or #####-####'],
    ['a tax id out of its mask', body({}, { federalTaxId: '123456789' }), 'Enter a tax id as ##-#######'],
    ['a state that is not one of the 51', body({}, { state: 'XX' }), 'Choose a state from the list'],
    [
      'an unknown state of legal construction',
      body({ stateOfLegalConstruction: 'PR' }),
      'Choose a state from the list',
    ],
    ['an eighth legal entity type', body({ legalEntityType: 'Trust' }), 'Choose an option from the list'],
    [
      'another client in the body',
      body({ clientId: randomUUID() }),
      'clientId must be the client of the path',
    ],
  ])('refuses %s with a 400 naming it, and changes nothing', async (_case, payload, message) => {
    const clientId = await client();
    const before = await snapshot(suite.ctx.db);
    const answer = await suite.ctx.send(
      suite.parties.accounts.compliance,
      'POST',
      `/client/${clientId}`,
      payload,
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ type: 'validation', errors: [message] });
    expect(await snapshot(suite.ctx.db)).toEqual(before);
  });

  it('refuses a body that is not the client object (400), and an unknown client (404)', async () => {
    const clientId = await client();
    const { compliance } = suite.parties.accounts;
    const extra = await suite.ctx.send(compliance, 'POST', `/client/${clientId}`, {
      ...body(),
      brokerId: null,
    });
    expect(extra.statusCode).toBe(400);
    const missing = await suite.ctx.send(compliance, 'POST', `/client/${clientId}`, { companyDetail: {} });
    expect(missing.statusCode).toBe(400);
    const unknown = await suite.ctx.send(compliance, 'POST', `/client/${randomUUID()}`, body());
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'Client not found' }]);
  });

  it('removes the broker (a row naming them), and then the broker no longer sees the client', async () => {
    const clientId = await client();
    const { compliance, brokerA } = suite.parties.accounts;
    const broker = suite.ctx.identity.users.get(brokerA.userId)!;
    expect((await suite.ctx.send(brokerA, 'GET', `/client/${clientId}`)).statusCode).toBe(200);

    const removed = await suite.ctx.send(compliance, 'DELETE', `/client/${clientId}/broker`);
    expect(removed.statusCode).toBe(204);
    const reloaded = (await suite.ctx.send(compliance, 'GET', `/client/${clientId}`)).json();
    expect(reloaded).toMatchObject({ brokerId: null, broker: '', brokerEmail: '' });
    expect((await changeLog(clientId))[0]!.description).toBe(
      `Broker removed: ${broker.firstName} ${broker.lastName} (${broker.email})`,
    );
    expect((await suite.ctx.send(brokerA, 'GET', `/client/${clientId}`)).statusCode).toBe(404);

    // Again: nothing to remove, no row.
    const rows = (await changeLog(clientId)).length;
    expect((await suite.ctx.send(compliance, 'DELETE', `/client/${clientId}/broker`)).statusCode).toBe(204);
    expect(await changeLog(clientId)).toHaveLength(rows);
  });

  it("is compliance's: a broker, even the client's own, gets 403", async () => {
    const clientId = await client();
    const { brokerA } = suite.parties.accounts;
    expect((await suite.ctx.send(brokerA, 'POST', `/client/${clientId}`, body())).statusCode).toBe(403);
    expect((await suite.ctx.send(brokerA, 'DELETE', `/client/${clientId}/broker`)).statusCode).toBe(403);
  });
});

describe("'Search All Clients'", () => {
  const suite = seededTestApp();

  it('matches the name, the whole tax id with or without its dash, or the account id at the partner', async () => {
    const row = {
      ...companyRow(`Tidewater Marine ${randomUUID().slice(0, 4)}`),
      federal_tax_id: '98-7654321',
      strategic_partner_id: suite.parties.partnerId,
      strategic_partner_account_id: 'TW-42',
      city: 'Norfolk',
      state: 'VA',
    };
    await suite.ctx.db.insertInto('company').values(row).execute();
    const search = async (text: string) =>
      (
        await suite.ctx.send(
          suite.parties.accounts.compliance,
          'GET',
          `/client/search?searchText=${encodeURIComponent(text)}`,
        )
      )
        .json<{ clientId: string }[]>()
        .map((found) => found.clientId);
    for (const text of ['tidewater', '98-7654321', '987654321', 'tw-42']) {
      expect([text, await search(text)]).toEqual([text, [row.company_id]]);
    }
    for (const text of ['TW-4', '7654', '98-765432']) expect([text, await search(text)]).toEqual([text, []]);
  });
});
