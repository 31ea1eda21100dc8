import { afterEach, describe, expect, it } from '@jest/globals';
import { createService, redactUrl, type Service } from '../src/index.js';

/**
 * One rule set for every service and the gateway: what the gateway redacted and what identity-api
 * redacted before, both, everywhere (issue 20 item 5).
 */
describe('redactUrl', () => {
  it.each([
    // The gateway's rules: the setup page, the sign-in link, the setup POST, the external sign-in.
    ['/first-time-setup/SECRET', '/first-time-setup/[redacted]'],
    ['/first-time-setup/SECRET/?lang=en', '/first-time-setup/[redacted]/?lang=en'],
    ['//First-Time-Setup//SECRET', '//First-Time-Setup//[redacted]'],
    ['/auth?token=SECRET', '/auth?token=[redacted]'],
    ['/api/temporary-user-token?token=SECRET&lang=en', '/api/temporary-user-token?token=[redacted]&lang=en'],
    ['/api/user/42/token/SECRET', '/api/user/42/token/[redacted]'],
    ['/bff/callback?code=SECRET&state=SECRET&iss=x', '/bff/callback?code=[redacted]&state=[redacted]&iss=x'],
    [
      '/x?passcode=SECRET&password=SECRET&secret=SECRET&key=SECRET&ok=1',
      '/x?passcode=[redacted]&password=[redacted]&secret=[redacted]&key=[redacted]&ok=1',
    ],
    // identity-api's rules: the setup POST without /api, OAuth's tokens, an encoded name, a malformed one.
    ['/user/u-7/token/SECRET', '/user/u-7/token/[redacted]'],
    ['/user/7/token/SECRET/extra?x=1#f', '/user/7/token/[redacted]/extra?x=1#f'],
    ['/api/user/u-7/token/SECRET?Token=SECRET', '/api/user/u-7/token/[redacted]?Token=[redacted]'],
    [
      '/oidc/token/introspection?%74oken=SECRET&refresh_token=SECRET&access_token=SECRET',
      '/oidc/token/introspection?%74oken=[redacted]&refresh_token=[redacted]&access_token=[redacted]',
    ],
    ['/x?code=SECRET&token=SECRET=b&%E0=1', '/x?code=[redacted]&token=[redacted]&%E0=1'],
    ['/x?passcode=SECRET&id_token_hint=SECRET', '/x?passcode=[redacted]&id_token_hint=[redacted]'],
    // The union: each rule wherever the other service would have let it through.
    ['/user//token/SECRET', '/user//token/[redacted]'], // identity-api: an empty user id
    ['//API//user//42//token//SECRET', '//API//user//42//token//[redacted]'], // the gateway: case, slashes
    ['/healthz?state=SECRET&Passcode=SECRET', '/healthz?state=[redacted]&Passcode=[redacted]'],
    [
      '/x?reset_token=SECRET&%6Bey=SECRET&tok%ZZen=1',
      '/x?reset_token=[redacted]&%6Bey=[redacted]&tok%ZZen=1',
    ],
    ['/x?my+token=SECRET&token%ZZ=SECRET', '/x?my+token=[redacted]&token%ZZ=[redacted]'],
  ])('%s → %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
    expect(redactUrl(url)).not.toMatch(/SECRET/);
  });

  it('keeps URLs without one-time tokens as sent', () => {
    for (const url of [
      '/healthz',
      '/healthz?page=2&token',
      '/oidc/token/revocation',
      '/first-time-setup',
      '/profile?tab=1',
      '/api/user/42',
      '/api/user/42/login',
      '/referral/abc',
      '/api/order?page=2&sort=name',
      '/x?%E0=1&=2&&',
    ])
      expect(redactUrl(url)).toBe(url);
  });
});

describe("a service's request log", () => {
  let app: Service | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('writes request URLs redacted, without being told to', async () => {
    const lines: string[] = [];
    app = await createService({
      logger: { level: 'info', production: true, stream: { write: (line) => void lines.push(line) } },
      exposeStackTraces: false,
      openApi: { title: 'tiny', version: '1' },
    });
    await app.inject({ method: 'GET', url: '/first-time-setup/SECRET-1?state=SECRET-2&page=1' });
    await app.inject({ method: 'POST', url: '/user/u-7/token/SECRET-3?refresh_token=SECRET-4' });

    const urls = lines
      .map((line) => JSON.parse(line) as { req?: { url?: string } })
      .flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));
    expect(urls).toEqual([
      '/first-time-setup/[redacted]?state=[redacted]&page=1',
      '/user/u-7/token/[redacted]?refresh_token=[redacted]',
    ]);
    expect(lines.join('')).not.toMatch(/SECRET/);
  });
});
