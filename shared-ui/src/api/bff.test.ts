import { describe, expect, it } from '@jest/globals';
import { ACCOUNT_MESSAGES, MESSAGES } from 'shared-domain';
import { broker, stubFetch } from '../testing/index.js';
import { bff } from './bff.js';

const refusal = (status: number, body: unknown) => stubFetch({ 'POST /bff/login': { status, body } });
const credentials = { username: 'demo.broker', password: 'Wrong-pass1' };

describe('bff.login refusals (§4 Login outcomes, §8)', () => {
  it('locked out → the locked-out message', async () => {
    refusal(400, { error: 'locked_out', message: 'whatever the server says' });
    expect(await bff.login(credentials)).toEqual({
      ok: false,
      reason: 'locked_out',
      message: MESSAGES.lockedOut,
    });
  });

  it('password expired and gsuite carry the gateway redirect', async () => {
    refusal(400, {
      error: 'password_expired',
      message: 'expired',
      redirectUrl: '/forgot-password?expired=true',
    });
    expect(await bff.login(credentials)).toMatchObject({
      ok: false,
      reason: 'password_expired',
      redirectUrl: '/forgot-password?expired=true',
    });
    refusal(400, { error: 'gsuite', message: 'external', redirectUrl: '/bff/external/login?login_hint=x' });
    expect(await bff.login(credentials)).toMatchObject({
      reason: 'gsuite',
      redirectUrl: '/bff/external/login?login_hint=x',
    });
  });

  it('any other refusal → the invalid-login message; 429 → its own message', async () => {
    refusal(400, { error: 'invalid', message: 'Something else' });
    expect(await bff.login(credentials)).toMatchObject({ ok: false, message: MESSAGES.invalidLogin });
    refusal(429, { message: ACCOUNT_MESSAGES.tooManyAttempts });
    expect(await bff.login(credentials)).toMatchObject({
      ok: false,
      message: ACCOUNT_MESSAGES.tooManyAttempts,
    });
  });
});

describe('bff.exchangeToken', () => {
  it('POST /bff/auth {token} → the session user', async () => {
    const { calls } = stubFetch({ 'POST /bff/auth': { body: broker } });
    expect(await bff.exchangeToken('tok-1')).toEqual({ ok: true, user: broker });
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/bff/auth', body: { token: 'tok-1' } });
    expect(calls[0]!.headers['X-CSRF']).toBe('1');
  });

  it('a refused token → the invalid sign-in link message', async () => {
    stubFetch({ 'POST /bff/auth': { status: 400, body: { message: ACCOUNT_MESSAGES.invalidSignInLink } } });
    expect(await bff.exchangeToken('used')).toEqual({
      ok: false,
      message: ACCOUNT_MESSAGES.invalidSignInLink,
    });
  });
});
