import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { demoAccount } from 'shared-domain';
import { buildTestApp, type TestContext } from '../../helpers/build.js';

describe('page-view (every navigation, guests included)', () => {
  let ctx: TestContext;
  const broker = demoAccount('demo.broker');

  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const views = () =>
    ctx.db.selectFrom('page_view').select(['path', 'user_id', 'viewed_at']).orderBy('viewed_at').execute();

  it("records a guest's view with no user", async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/page-view', payload: { path: '/about' } });
    expect(response.statusCode).toBe(204);
    const [view] = await views();
    expect(view).toEqual({ path: '/about', user_id: null, viewed_at: expect.any(String) });
    expect(Date.now() - Date.parse(view!.viewed_at)).toBeLessThan(60_000);
  });

  it("records the signed-in user's id from the bearer token", async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/page-view',
      headers: { authorization: await ctx.bearer(broker) },
      payload: { path: '/basket' },
    });
    expect(response.statusCode).toBe(204);
    expect((await views()).find((view) => view.path === '/basket')?.user_id).toBe(broker.userId);
  });

  it('records a view as a guest when the token does not verify', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/page-view',
      headers: { authorization: 'Bearer not-a-jwt' },
      payload: { path: '/profile' },
    });
    expect(response.statusCode).toBe(204);
    expect((await views()).find((view) => view.path === '/profile')?.user_id).toBeNull();
  });

  it.each<[Record<string, unknown>, string]>([
    [{}, 'no path'],
    [{ path: 'about' }, 'not a path'],
    [{ path: '/auth?token=secret' }, 'a query string'],
    [{ path: '/' + 'a'.repeat(2048) }, 'too long a path'],
  ])('refuses %j (%s) in the validation format and records nothing', async (payload) => {
    const before = (await views()).length;
    const response = await ctx.app.inject({ method: 'POST', url: '/page-view', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ type: 'validation', errors: expect.any(Array) });
    expect((await views()).length).toBe(before);
  });
});
