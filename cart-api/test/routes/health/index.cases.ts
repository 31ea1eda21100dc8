import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildTestApp, type TestContext } from '../../helpers/build.js';

describe('GET /healthz', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers ok while the database answers, without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});
