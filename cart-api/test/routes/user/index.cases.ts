import { describe, expect, it } from '@jest/globals';
import { seededTestApp } from '../../helpers/parties.js';

/**
 * The back office's users screen in cart-api (specs/3-admin.md §7 Users and companies): a user's
 * companies, a document's users, and what a user link means for access (README "User links").
 */
describe('GET /user/:userId/company, GET /epop-document/:documentId/user and user links', () => {
  const suite = seededTestApp();
  const compliance = () => suite.parties.accounts.compliance;

  it("answers the client companies a user is linked to, and follows company/{clientId}/user's changes", async () => {
    const { employerA } = suite.parties.accounts;
    const companyId = suite.parties.records.employerA.companyId;
    const companies = await suite.ctx.send(compliance(), 'GET', `/user/${employerA.userId}/company`);
    expect(companies.statusCode).toBe(200);
    expect(companies.json()).toEqual([
      {
        companyId,
        clientId: companyId,
        name: 'employerA Company',
        state: null,
        zipCode: null,
        strategicPartnerAccountId: null,
      },
    ]);

    // Add a second company, then remove it: the screen's 'Added' and 'Removed'.
    const other = suite.parties.records.brokerB.companyId;
    expect(
      (await suite.ctx.send(compliance(), 'POST', `/company/${other}/user/${employerA.userId}`, {}))
        .statusCode,
    ).toBe(200);
    const names = async () =>
      (await suite.ctx.send(compliance(), 'GET', `/user/${employerA.userId}/company`))
        .json<{ name: string }[]>()
        .map((company) => company.name);
    expect(await names()).toEqual(['brokerB Company', 'employerA Company']);
    expect(
      (await suite.ctx.send(compliance(), 'DELETE', `/company/${other}/user/${employerA.userId}`)).statusCode,
    ).toBe(204);
    expect(await names()).toEqual(['employerA Company']);
  });

  it('answers 404 for a user identity-api does not know', async () => {
    const answer = await suite.ctx.send(compliance(), 'GET', '/user/no-such-user/company');
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ message: 'User not found' });
  });

  it('names the users who see a document in their own right', async () => {
    const { brokerA, employerA } = suite.parties.accounts;
    const brokerDocument = await suite.ctx.send(
      compliance(),
      'GET',
      `/epop-document/${suite.parties.records.brokerA.documentId}/user`,
    );
    expect(brokerDocument.statusCode).toBe(200);
    expect(brokerDocument.json()).toEqual([
      expect.objectContaining({ userId: brokerA.userId, role: 'broker', access: ['owner', 'broker'] }),
    ]);
    const employerDocument = await suite.ctx.send(
      compliance(),
      'GET',
      `/epop-document/${suite.parties.records.employerA.documentId}/user`,
    );
    expect(employerDocument.json()).toEqual([
      expect.objectContaining({ userId: employerA.userId, access: ['owner', 'company user'] }),
    ]);
  });

  it("lets a linked broker read the other broker's document and client; an unlinked one gets 404", async () => {
    const { brokerA, brokerB, employerB } = suite.parties.accounts;
    const { documentId, companyId } = suite.parties.records.brokerA;
    const read = (account: typeof brokerA, url: string) => suite.ctx.send(account, 'GET', url);
    expect((await read(brokerB, `/epop-document/${documentId}`)).statusCode).toBe(404);

    suite.ctx.identity.link(brokerA.userId, brokerB.userId);
    // brokerB's "no links" answer above is kept for 10 s; a caller not asked before sees links at once.
    const linkedEmployer = employerB;
    suite.ctx.identity.link(brokerA.userId, linkedEmployer.userId);
    expect((await read(linkedEmployer, `/epop-document/${documentId}`)).statusCode).toBe(200);
    expect((await read(linkedEmployer, `/client/${companyId}`)).statusCode).toBe(200);
    // Links do not chain and do not reach other brokers' records.
    expect(
      (await read(linkedEmployer, `/epop-document/${suite.parties.records.brokerB.documentId}`)).statusCode,
    ).toBe(404);
    // The unlinked employer A still sees only their own.
    expect((await read(suite.parties.accounts.employerA, `/epop-document/${documentId}`)).statusCode).toBe(
      404,
    );
  });

  it("never passes on compliance's reach through a link", async () => {
    const { employerA } = suite.parties.accounts;
    suite.ctx.identity.link(employerA.userId, compliance().userId);
    suite.ctx.identity.add({ userId: compliance().userId, role: 'compliance' });
    const answer = await suite.ctx.send(
      employerA,
      'GET',
      `/epop-document/${suite.parties.records.brokerB.documentId}`,
    );
    expect(answer.statusCode).toBe(404);
  });
});
