import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { APP_CONFIG_EXAMPLE } from '../../../src/contract/system-message.js';
import { seedDemo } from '../../../src/demo/seed.js';
import { buildTestApp, type TestContext } from '../../helpers/build.js';

/** The demo's support contact (issue 23 item 4): marked examples, never over what compliance set. */
describe('the demo seed’s support phone and e-mail', () => {
  let ctx: TestContext;
  const compliance = { userId: 'u-compliance', roles: ['compliance'] };
  const support = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/system-message/config/app' })).json<{
      support: { phone: string; email: string };
    }>().support;

  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('sets unmistakable example values, which a value compliance set later survives', async () => {
    expect(await support()).toEqual({ phone: '', email: '' });
    await seedDemo(ctx.db);
    expect(await support()).toEqual({ phone: '(000) 000-0000', email: 'support@example.com' });

    const saved = await ctx.send(compliance, 'POST', '/system-message/config/app', {
      ...APP_CONFIG_EXAMPLE,
      support: { phone: '(800) 123-4567', email: 'help@pop.example' },
    });
    expect(saved.statusCode).toBe(200);
    await seedDemo(ctx.db);
    expect(await support()).toEqual({ phone: '(800) 123-4567', email: 'help@pop.example' });
  });
});
