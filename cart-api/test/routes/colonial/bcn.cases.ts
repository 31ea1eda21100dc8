import { describe, expect, it } from '@jest/globals';
import { seededTestApp, snapshot } from '../../helpers/parties.js';
import { companyRow } from '../../helpers/rows.js';

/** `GET colonial/bcn`, `POST colonial/bcn {bcn}` and `GET client/search?bcn=` (issue 12). */
describe('test BCNs', () => {
  const suite = seededTestApp();
  const compliance = () => suite.parties.accounts.compliance;
  const add = (bcn: string) => suite.ctx.send(compliance(), 'POST', '/colonial/bcn', { bcn });

  it('adds each item of a list, refusing blanks, malformed items and duplicates one by one', async () => {
    // What the page posts for 'test-1, ,TEST-1,bad bcn!,T2': each item as typed.
    const answers = [];
    for (const item of ['test-1', ' ', 'TEST-1', 'bad bcn!', ' T2 ']) {
      const before = await snapshot(suite.ctx.db);
      const answer = await add(item);
      answers.push([item, answer.statusCode, answer.json()]);
      if (answer.statusCode !== 200) expect(await snapshot(suite.ctx.db)).toEqual(before);
    }
    expect(answers).toEqual([
      ['test-1', 200, { bcn: 'TEST-1', addedBy: compliance().userId, addedDate: expect.any(String) }],
      [' ', 400, { message: 'A BCN cannot be blank: remove the empty item from the list' }],
      ['TEST-1', 400, { message: 'TEST-1 is already a test BCN' }],
      ['bad bcn!', 400, { message: 'bad bcn! is not a valid BCN: use 1 to 20 letters, digits or hyphens' }],
      [' T2 ', 200, { bcn: 'T2', addedBy: compliance().userId, addedDate: expect.any(String) }],
    ]);
    const list = await suite.ctx.send(compliance(), 'GET', '/colonial/bcn');
    expect(list.json<{ bcn: string }[]>().map((row) => row.bcn)).toEqual(['T2', 'TEST-1']);
  });

  it('finds the client that has a BCN (client/search?bcn=), case-insensitively', async () => {
    const client = { ...companyRow('Search Bcn Co'), bcn: 'SB-42', city: 'Reno', state: 'NV' };
    await suite.ctx.db.insertInto('company').values(client).execute();
    const found = await suite.ctx.send(compliance(), 'GET', '/client/search?bcn=sb-42');
    expect(found.json()).toEqual([
      { clientId: client.company_id, name: 'Search Bcn Co', address: '', city: 'Reno', state: 'NV' },
    ]);
    const none = await suite.ctx.send(compliance(), 'GET', '/client/search?bcn=NOPE');
    expect(none.json()).toEqual([]);
    const broker = await suite.ctx.send(suite.parties.accounts.brokerA, 'GET', '/client/search?bcn=SB-42');
    expect(broker.statusCode).toBe(403);
  });
});
