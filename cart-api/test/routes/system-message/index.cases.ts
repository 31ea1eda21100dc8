import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildTestApp, type TestContext } from '../../helpers/build.js';

describe('system-message (public: the login screen calls it before anyone signs in)', () => {
  let ctx: TestContext;
  const employer = { userId: randomUUID(), roles: ['employer'] };

  beforeAll(async () => {
    ctx = await buildTestApp();
    await ctx.db
      .insertInto('system_message')
      .values({
        system_message_id: randomUUID(),
        message: 'Members only: new plan year templates are ready.',
        style: 'success',
        location: 'home',
        active: 1,
        created_at: new Date().toISOString(),
        show_from: null,
        show_to: null,
        starts_at: null,
        ends_at: null,
        updated_at: null,
      })
      .execute();
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

  it('lists the login messages to a signed-in caller too', async () => {
    const response = await ctx.send(employer, 'GET', '/system-message?location=login');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([expect.objectContaining({ location: 'login' })]);
  });

  it('lists the signed-in home’s messages to a signed-in caller only: a guest is refused (401)', async () => {
    const signedIn = await ctx.send(employer, 'GET', '/system-message?location=home');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual([
      { message: 'Members only: new plan year templates are ready.', style: 'success', location: 'home' },
    ]);
    for (const location of ['home', 'checkout', 'LOGIN']) {
      const guest = await ctx.app.inject({ method: 'GET', url: `/system-message?location=${location}` });
      expect([location, guest.statusCode, guest.json()]).toEqual([
        location,
        401,
        { message: 'Authentication required' },
      ]);
    }
    // A token that no longer verifies is a guest's.
    const expired = await ctx.app.inject({
      method: 'GET',
      url: '/system-message?location=home',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(expired.statusCode).toBe(401);
  });

  it('lists nothing for a location without messages', async () => {
    const response = await ctx.send(employer, 'GET', '/system-message?location=checkout');
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
      // The generated guides, served by the gateway at stable paths (guides.cases.ts).
      links: {
        popImplementationGuide: '/guides/pop-implementation-guide.pdf',
        employeeQuickReferenceGuide: '/guides/employee-quick-reference-guide.pdf',
      },
      videoIds: expect.any(Object),
      // Blank until compliance sets them (the demo seed sets marked examples).
      support: { phone: '', email: '' },
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
