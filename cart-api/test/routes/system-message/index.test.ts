import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildTestApp, type TestContext } from '../../helpers/build.js';

describe('system-message (public: the login screen calls it before anyone signs in)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('lists the login messages without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/system-message?location=login' });
    expect(response.statusCode).toBe(200);
    const messages = response.json<Array<{ message: string; style: string; location: string }>>();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toEqual({ message: expect.any(String), style: 'info', location: 'login' });
  });

  it('lists nothing for a location without messages', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/system-message?location=checkout' });
    expect(response.json()).toEqual([]);
  });

  it('answers the validation format when the location is missing', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/system-message' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ type: 'validation', errors: ['location is required'] });
  });

  it('serves the app configuration without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/system-message/config/app' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      definitions: { keyEmployee: expect.any(String), hce: expect.any(String) },
      links: { popImplementationGuide: expect.any(String), employeeQuickReferenceGuide: expect.any(String) },
      videoIds: expect.any(Object),
    });
  });

  it('serves the refresh-token setting (enabled) without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/system-message/config/refresh-token' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ enabled: true });
  });

  it('follows the setting when it changes', async () => {
    await ctx.db
      .updateTable('setting')
      .set({ value: '{"enabled":false}' })
      .where('key', '=', 'refresh-token')
      .execute();
    const response = await ctx.app.inject({ method: 'GET', url: '/system-message/config/refresh-token' });
    expect(response.json()).toEqual({ enabled: false });
  });
});
