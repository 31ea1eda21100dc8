import { randomUUID } from 'node:crypto';
import { describe, expect, it, jest } from '@jest/globals';
import { USERS_MESSAGES } from '../../../src/domain/users/messages.js';
import { seededTestApp, snapshot, type Account } from '../../helpers/parties.js';

/** The company users panel's calls (specs/2-documents.md §7): list, Add User, Remove Access. */
describe('company/{companyId}/user', () => {
  const suite = seededTestApp();

  async function request(account: Account, method: 'GET' | 'POST' | 'DELETE', url: string) {
    return suite.ctx.app.inject({
      method,
      url,
      headers: { authorization: await suite.ctx.bearer(account) },
      ...(method === 'POST' ? { payload: {} } : {}),
    });
  }

  it("lists the company's users by name, with their names and e-mail from identity-api", async () => {
    const { records, accounts } = suite.parties;
    const companyId = records.brokerA.companyId;
    const zed = suite.ctx.identity.add({
      userId: randomUUID(),
      userName: 'zed.adams',
      firstName: 'Zed',
      lastName: 'Adams',
      email: 'zed@acme.test',
    });
    const amy = suite.ctx.identity.add({
      userId: randomUUID(),
      userName: 'amy.zane',
      firstName: 'amy',
      lastName: 'Zane',
      email: 'amy@acme.test',
      role: 'epop',
    });
    // A link to an account identity-api no longer knows grants nothing and is not listed.
    const gone = randomUUID();
    const now = new Date().toISOString();
    await suite.ctx.db
      .insertInto('company_user')
      .values(
        [zed.userId, amy.userId, gone].map((userId) => ({
          company_id: companyId,
          user_id: userId,
          created_at: now,
        })),
      )
      .execute();

    const answer = await request(accounts.brokerA, 'GET', `/company/${companyId}/user`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual([
      {
        userId: amy.userId,
        userName: 'amy.zane',
        firstName: 'amy',
        lastName: 'Zane',
        email: 'amy@acme.test',
      },
      {
        userId: zed.userId,
        userName: 'zed.adams',
        firstName: 'Zed',
        lastName: 'Adams',
        email: 'zed@acme.test',
      },
    ]);
    expect((await request(accounts.brokerB, 'GET', `/company/${companyId}/user`)).json()).toEqual({
      message: 'Company not found',
    });
    expect(
      (await request(accounts.brokerB, 'GET', `/company/${records.brokerB.companyId}/user`)).json(),
    ).toEqual([]);
    // An employer reads their own company's users.
    const own = await request(accounts.employerA, 'GET', `/company/${records.employerA.companyId}/user`);
    expect(own.json<{ userId: string }[]>().map((user) => user.userId)).toEqual([accounts.employerA.userId]);
  });

  it('adds a user (again: no change) and answers them; a user identity-api does not know is 404', async () => {
    const { records, accounts, outsider } = suite.parties;
    const url = `/company/${records.brokerB.companyId}/user/${outsider.userId}`;
    // The broker found them by their exact username or e-mail (the user search modal; issue 21).
    suite.ctx.identity.find(accounts.brokerB.userId, outsider.userId);
    const added = await request(accounts.brokerB, 'POST', url);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({
      userId: outsider.userId,
      userName: expect.any(String),
      firstName: 'Test',
      lastName: expect.any(String),
      email: expect.any(String),
    });
    expect((await request(accounts.compliance, 'POST', url)).json()).toEqual(added.json());
    const listed = await request(accounts.brokerB, 'GET', `/company/${records.brokerB.companyId}/user`);
    expect(listed.json()).toEqual([added.json()]);

    const before = await snapshot(suite.ctx.db);
    const unknown = await request(
      accounts.brokerB,
      'POST',
      `/company/${records.brokerB.companyId}/user/nobody-1`,
    );
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: USERS_MESSAGES.notFound }]);
    // An employer cannot grant access to their company, nor a broker to another broker's client.
    expect(
      (
        await request(
          accounts.employerA,
          'POST',
          `/company/${records.employerA.companyId}/user/${outsider.userId}`,
        )
      ).statusCode,
    ).toBe(404);
    expect((await request(accounts.brokerA, 'POST', url)).statusCode).toBe(404);
    expect(await snapshot(suite.ctx.db)).toEqual(before);

    expect((await request(accounts.brokerB, 'DELETE', url)).statusCode).toBe(204);
    expect((await request(accounts.brokerB, 'DELETE', url)).statusCode).toBe(204);
    expect(
      (await request(accounts.brokerB, 'GET', `/company/${records.brokerB.companyId}/user`)).json(),
    ).toEqual([]);
  });

  it('a linked user sees the company’s documents, and no longer once removed', async () => {
    const { records, accounts, outsider } = suite.parties;
    const employer: Account = outsider;
    const documentUrl = `/epop-document/${records.brokerA.documentId}`;
    const link = `/company/${records.brokerA.companyId}/user/${outsider.userId}`;
    expect((await request(employer, 'GET', documentUrl)).statusCode).toBe(404);
    suite.ctx.identity.find(accounts.brokerA.userId, outsider.userId);
    expect((await request(accounts.brokerA, 'POST', link)).statusCode).toBe(200);
    const seen = await request(employer, 'GET', documentUrl);
    expect([seen.statusCode, seen.json().documentId]).toEqual([200, records.brokerA.documentId]);
    expect((await request(employer, 'GET', `/client/${records.brokerA.companyId}`)).statusCode).toBe(200);
    expect((await request(accounts.compliance, 'DELETE', link)).statusCode).toBe(204);
    expect((await request(employer, 'GET', documentUrl)).statusCode).toBe(404);
  });

  it('answers 500 with a clear text when identity-api cannot be asked', async () => {
    const { records, accounts } = suite.parties;
    jest
      .spyOn(suite.ctx.identity, 'lookupUsers')
      .mockRejectedValueOnce(
        new Error('The identity service could not be reached to look users up (timed out)'),
      );
    const answer = await request(accounts.compliance, 'GET', `/company/${records.employerA.companyId}/user`);
    expect(answer.statusCode).toBe(500);
    expect(answer.json().errorText).toBe(
      'The identity service could not be reached to look users up (timed out)',
    );
  });
});
