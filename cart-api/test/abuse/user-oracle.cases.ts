import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { companyRow, documentRow } from '../helpers/rows.js';
import { seededTestApp, snapshot } from '../helpers/parties.js';

/**
 * Issue 21 item 8, the hostile suite: a broker cannot resolve a user id to a name and an e-mail
 * address. `POST company/{companyId}/user/{userId}` (Add User) answers the user's names and address,
 * and then lists them with the company's users: it does so only for a user the broker is linked with
 * (a client company they share, their own invitee, identity-api's user links) or found by their exact
 * username or e-mail (the user search); any other id answers the 404 of an unknown one, and nothing
 * is linked.
 */
describe('looking a user up by id', () => {
  const suite = seededTestApp();
  const addUser = (userId: string) => {
    const { brokerA } = suite.parties.accounts;
    return suite.ctx.send(
      brokerA,
      'POST',
      `/company/${suite.parties.records.brokerA.companyId}/user/${userId}`,
      {},
    );
  };
  const stranger = () =>
    suite.ctx.identity.add({
      userId: randomUUID(),
      userName: `stranger.${randomUUID().slice(0, 6)}`,
      firstName: 'Secret',
      lastName: 'Person',
      email: `secret.${randomUUID().slice(0, 6)}@example.test`,
    });

  it('answers a broker a known user they are not linked with exactly like an id that names no one, and links no one', async () => {
    const known = stranger();
    const before = await snapshot(suite.ctx.db);
    const foreign = await addUser(known.userId);
    const unknown = await addUser(randomUUID());
    expect([foreign.statusCode, foreign.json()]).toEqual([unknown.statusCode, unknown.json()]);
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { message: 'User not found' }]);
    expect(foreign.body).not.toContain(known.email);
    expect(foreign.body).not.toContain('Secret');
    expect(await snapshot(suite.ctx.db)).toEqual(before);
  });

  it('names the users a broker found by their exact username or e-mail, or is linked with', async () => {
    const { brokerA, employerB } = suite.parties.accounts;
    const found = stranger();
    suite.ctx.identity.find(brokerA.userId, found.userId);

    // A user of another client company of the broker's (the same people the broker sees there).
    const colleague = stranger();
    const otherClient = companyRow('Second Client', { brokerUserId: brokerA.userId });
    await suite.ctx.db.insertInto('company').values(otherClient).execute();
    await suite.ctx.db
      .insertInto('company_user')
      .values({
        company_id: otherClient.company_id,
        user_id: colleague.userId,
        created_at: new Date().toISOString(),
      })
      .execute();

    // The account that accepted the broker's invitation to purchase one of their documents.
    const invitee = stranger();
    const invited = documentRow(brokerA.userId, suite.parties.records.brokerA.companyId);
    await suite.ctx.db.insertInto('epop_document').values(invited).execute();
    await suite.ctx.db
      .insertInto('action_item')
      .values({
        action_item_id: randomUUID(),
        user_id: invitee.userId,
        item_type: 'pop-document-invite',
        description: '{}',
        json: JSON.stringify({ DocumentId: invited.document_id, Document: { BrokerId: null } }),
        created_by: 'broker',
        created_at: new Date().toISOString(),
        completed: 0,
        completed_at: null,
      })
      .execute();

    // A user identity-api links to the broker (the back office's user links).
    const linked = stranger();
    suite.ctx.identity.link(brokerA.userId, linked.userId);

    for (const user of [found, colleague, invitee, linked]) {
      const added = await addUser(user.userId);
      expect([added.statusCode, added.json()]).toEqual([
        200,
        {
          userId: user.userId,
          userName: user.userName,
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
        },
      ]);
    }
    // An employer's or another broker's find is theirs alone.
    const theirs = stranger();
    suite.ctx.identity.find(employerB.userId, theirs.userId);
    expect((await addUser(theirs.userId)).statusCode).toBe(404);
  });
});
