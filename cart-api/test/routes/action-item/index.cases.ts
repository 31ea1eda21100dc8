import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { demoAccount } from 'shared-domain';
import type { ActionItem, PendingActionItems } from '../../../src/contract/action-item.js';
import { seedDemo } from '../../../src/demo/seed.js';
import { groupByAge } from '../../../src/domain/action-items/group.js';
import { buildTestApp, type TestContext } from '../../helpers/build.js';

describe('GET /action-item/:userId/pending', () => {
  let ctx: TestContext;
  const broker = demoAccount('demo.broker');

  beforeAll(async () => {
    ctx = await buildTestApp();
    await seedDemo(ctx.db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const pending = async (account: { userId: string; roles: readonly string[] }) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/action-item/${account.userId}/pending`,
      headers: { authorization: await ctx.bearer(account) },
    });
    return response.json<PendingActionItems>();
  };

  it("groups the broker's pending items by age", async () => {
    const groups = await pending(broker);
    const types = (items: ActionItem[]) => items.map((item) => item.itemType);
    // The seed puts one item "now" and one exactly a day ago: near midnight UTC they can shift a group.
    expect([...types(groups.today), ...types(groups.yesterday)]).toEqual([
      'pop-document-invite',
      'unpaid-pop-action-item',
    ]);
    expect(types(groups.pastweek)).toContain('pop-document-renewal');
    expect(types(groups.older)).toEqual(['pop-document-ndt']);
    const invite = [...groups.today, ...groups.yesterday].find((i) => i.itemType === 'pop-document-invite');
    expect(invite).toEqual({
      id: expect.any(String),
      itemType: 'pop-document-invite',
      description: expect.any(String),
      json: expect.stringContaining('DocumentId'),
      createdBy: 'demo.employer',
      createdDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(JSON.parse(invite?.description ?? '{}')).toEqual({
      broker: expect.any(String),
      default: expect.any(String),
    });
  });

  it('leaves out completed items, and answers empty groups for a user without items', async () => {
    await ctx.db
      .updateTable('action_item')
      .set({ completed: 1 })
      .where('item_type', '=', 'pop-document-ndt')
      .execute();
    expect((await pending(broker)).older).toEqual([]);
    const newcomer = { userId: randomUUID(), roles: ['employer'] };
    expect(await pending(newcomer)).toEqual({ today: [], yesterday: [], pastweek: [], older: [] });
  });
});

describe('groupByAge', () => {
  const item = (createdDate: string): ActionItem => ({
    id: createdDate,
    itemType: 'pop-document-renewal',
    description: '',
    json: '{}',
    createdBy: 'system',
    createdDate,
  });
  const now = new Date('2026-03-10T15:00:00.000Z');

  it("splits at New York midnights (the product's days, across the clock change of March 8th)", () => {
    const groups = groupByAge(
      [
        item('2026-03-10T04:00:00.000Z'), // 00:00 on Mar 10 in New York (EDT)
        item('2026-03-10T03:59:59.999Z'), // 23:59 on Mar 9
        item('2026-03-09T04:00:00.000Z'), // 00:00 on Mar 9
        item('2026-03-09T03:59:59.999Z'), // 23:59 on Mar 8
        item('2026-03-03T05:00:00.000Z'), // 00:00 on Mar 3 (EST)
        item('2026-03-03T04:59:59.999Z'), // 23:59 on Mar 2
      ],
      now,
    );
    const ids = (items: ActionItem[]) => items.map((i) => i.id);
    expect(ids(groups.today)).toEqual(['2026-03-10T04:00:00.000Z']);
    expect(ids(groups.yesterday)).toEqual(['2026-03-10T03:59:59.999Z', '2026-03-09T04:00:00.000Z']);
    expect(ids(groups.pastweek)).toEqual(['2026-03-09T03:59:59.999Z', '2026-03-03T05:00:00.000Z']);
    expect(ids(groups.older)).toEqual(['2026-03-03T04:59:59.999Z']);
  });
});
