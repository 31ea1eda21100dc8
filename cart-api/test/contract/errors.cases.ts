import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildTestApp, type TestContext } from '../helpers/build.js';

// A missing table makes a real failure: the route's query throws inside the database driver.
const breakSettings = (ctx: TestContext) => ctx.db.schema.dropTable('setting').execute();

describe('500 answers', () => {
  describe('outside production', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await buildTestApp({ NODE_ENV: 'development' });
      await breakSettings(ctx);
    });
    afterAll(async () => {
      await ctx.close();
    });

    it('carry errorText and the stack trace', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/system-message/config/refresh-token' });
      expect(response.statusCode).toBe(500);
      const body = response.json<{ errorText: string; stackTrace?: string }>();
      expect(body.errorText).toMatch(/setting/);
      expect(body.stackTrace).toEqual(expect.stringContaining('at '));
    });
  });

  describe('in production', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await buildTestApp({ NODE_ENV: 'production' });
      await breakSettings(ctx);
    });
    afterAll(async () => {
      await ctx.close();
    });

    it('carry a generic errorText with the request id, and no stack trace', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/system-message/config/refresh-token',
        headers: { 'x-request-id': 'req-123' },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ errorText: 'An unexpected error occurred (request req-123)' });
    });
  });
});
