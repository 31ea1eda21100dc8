import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { demoAccount } from 'shared-domain';
import { seedDemo } from '../../../src/demo/seed.js';
import { buildTestApp, type TestContext } from '../../helpers/build.js';

describe('admin client search', () => {
  let ctx: TestContext;
  const compliance = demoAccount('demo.compliance');

  beforeAll(async () => {
    ctx = await buildTestApp();
    await seedDemo(ctx.db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const get = async (url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { authorization: await ctx.bearer(compliance) } });

  it('finds clients by name, case-insensitively, never strategic partners', async () => {
    const response = await get('/client/search?searchText=DENTAL');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        clientId: expect.any(String),
        name: 'Blue Ridge Dental Group',
        address: expect.any(String),
        city: 'Asheville',
        state: 'NC',
      },
    ]);
    expect((await get('/client/search?searchText=colonial')).json()).toEqual([]);
  });

  it('answers nothing for an empty search', async () => {
    expect((await get('/client/search?searchText=%20')).json()).toEqual([]);
    expect((await get('/client/search')).json()).toEqual([]);
  });

  it("lists the caller's recently viewed clients, most recent first", async () => {
    const response = await get('/client/recently-viewed');
    expect(response.json<Array<{ name: string }>>().map((c) => c.name)).toEqual([
      'Acme Landscaping Inc',
      'Blue Ridge Dental Group',
      'Cedar Creek Veterinary',
    ]);
  });
});
