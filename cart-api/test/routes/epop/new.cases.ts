import { describe, expect, it } from '@jest/globals';
import { blankDocumentForm } from 'shared-domain/forms';
import { seededTestApp, type Account } from '../../helpers/parties.js';
import { companyRow } from '../../helpers/rows.js';
import { makePartnerUser } from '../../helpers/entitlement.js';

describe('GET /epop/document/new/:userId (the blank document of the order form)', () => {
  const suite = seededTestApp();

  const get = async (account: Account, userId: string, query = '') =>
    suite.ctx.app.inject({
      method: 'GET',
      url: `/epop/document/new/${userId}${query}`,
      headers: { authorization: await suite.ctx.bearer(account) },
    });

  it('answers a blank form that needs a purchase to a broker or an employer', async () => {
    const { accounts } = suite.parties;
    for (const account of [accounts.brokerA, accounts.employerA]) {
      const response = await get(account, account.userId);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        documentId: null,
        form: blankDocumentForm(),
        clientId: null,
        strategicPartnerId: null,
        originalDocumentId: null,
        partner: null,
        requiresPurchase: true,
      });
    }
  });

  it('answers compliance a document without purchase (Create Free Document)', async () => {
    const { accounts } = suite.parties;
    const response = await get(accounts.compliance, accounts.compliance.userId);
    expect(response.json()).toMatchObject({ requiresPurchase: false });
  });

  it("carries the partner's settings, and 404 for an id that is not a partner", async () => {
    const { accounts, records } = suite.parties;
    const partner = companyRow('Northwind Partners', { kind: 'strategic-partner' });
    await suite.ctx.db.insertInto('company').values(partner).execute();
    // The partner's form is for the accounts entitled to it (issue 21; test/abuse/partner-entitlement).
    await makePartnerUser(suite.ctx.db, partner.company_id, accounts.brokerA.userId);
    const response = await get(
      accounts.brokerA,
      accounts.brokerA.userId,
      `?strategicPartnerId=${partner.company_id}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      strategicPartnerId: partner.company_id,
      partner: { strategicPartnerId: partner.company_id, name: 'Northwind Partners' },
    });
    const client = await get(
      accounts.brokerA,
      accounts.brokerA.userId,
      `?strategicPartnerId=${records.brokerA.companyId}`,
    );
    // Issue 21: to anyone but compliance an id that names no partner reads like a partner of someone
    // else's (the standard form), never 404 (which told the ids of partners apart).
    expect([client.statusCode, client.json()]).toMatchObject([
      200,
      { strategicPartnerId: null, partner: null },
    ]);
    const asCompliance = await get(
      accounts.compliance,
      accounts.compliance.userId,
      `?strategicPartnerId=${records.brokerA.companyId}`,
    );
    expect([asCompliance.statusCode, asCompliance.json()]).toEqual([
      404,
      { message: 'Strategic partner not found' },
    ]);
  });

  it("refuses another user's blank document like a missing record", async () => {
    const { accounts } = suite.parties;
    expect((await get(accounts.brokerA, accounts.brokerB.userId)).statusCode).toBe(404);
  });
});
