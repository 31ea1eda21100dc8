import { describe, expect, it } from '@jest/globals';
import { seededTestApp, type Account } from '../../helpers/parties.js';
import { companyRow } from '../../helpers/rows.js';

/** `GET client/duplicate-check/{taxIdWithoutDash}` (specs/2-documents.md §4 "Duplicate tax id"). */
describe('GET /client/duplicate-check/:taxIdWithoutDash', () => {
  const suite = seededTestApp();

  const check = async (account: Account, digits: string, query = '?onError=no-content') =>
    suite.ctx.app.inject({
      method: 'GET',
      url: `/client/duplicate-check/${digits}${query}`,
      headers: { authorization: await suite.ctx.bearer(account) },
    });

  it("answers the caller's client with that tax id, and no one else's", async () => {
    const { brokerA, brokerB, compliance } = suite.parties.accounts;
    const client = {
      ...companyRow('Duplicate Dental', { brokerUserId: brokerA.userId }),
      federal_tax_id: '45-6789012',
      city: 'Austin',
      state: 'TX',
      legal_entity_type: 'LLC',
    };
    await suite.ctx.db.insertInto('company').values(client).execute();

    for (const account of [brokerA, compliance]) {
      const found = await check(account, '456789012');
      expect([found.statusCode, found.json()]).toEqual([
        200,
        expect.objectContaining({
          clientId: client.company_id,
          brokerId: brokerA.userId,
          companyDetail: expect.objectContaining({
            name: 'Duplicate Dental',
            federalTaxId: '45-6789012',
            city: 'Austin',
            state: 'TX',
            legalEntityType: 'LLC',
          }),
        }),
      ]);
    }
    // Another broker's client is not disclosed: no match.
    const other = await check(brokerB, '456789012');
    expect([other.statusCode, other.body]).toEqual([204, '']);
    const none = await check(brokerA, '111111111', '');
    expect([none.statusCode, none.json()]).toEqual([404, { message: 'Client not found' }]);
    expect((await check(brokerA, '45-678901')).statusCode).toBe(400);
  });
});
