import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { startIdentityApi, type TestIdentityApi } from 'identity-api/testing';
import { buildApp } from '../../src/app.js';
import { GATEWAY_MESSAGES } from '../../src/messages.js';
import {
  CSRF,
  identityEnv,
  isRefreshSettingCall,
  sessionCookieOf,
  tempDir,
  testConfig,
  withSession,
} from '../helpers.js';

const PASSWORD = 'GoodPass2026';
const MiB = 1024 * 1024;

/** An upstream that takes any body up to 64 MiB and answers how many bytes it received. */
async function countingUpstream() {
  const app = Fastify({ bodyLimit: 64 * MiB });
  const received: { url: string; bytes: number }[] = [];
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.all('/*', async (request) => {
    if (isRefreshSettingCall(request)) return { enabled: true };
    const bytes = Buffer.isBuffer(request.body) ? request.body.length : 0;
    received.push({ url: request.url, bytes });
    return { bytes };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, received, close: () => app.close() };
}

/** A multipart body of one `returnFile` part of `size` bytes. */
function multipart(size: number) {
  const boundary = '----popUploadLimit';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="returnFile"; filename="r.xlsx"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    Buffer.alloc(size, 0x41),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * The body limit is 1 MiB for all of /api, raised for `POST /api/colonial/return-file` alone
 * (UPLOAD_BODY_LIMIT, 10 MiB and the multipart envelope): a 10 MiB file reaches cart-api, a larger one
 * gets a clear 413 {message}, and every other path keeps the 1 MiB limit.
 */
describe('the upload body limit', () => {
  let identity: TestIdentityApi;
  let cart: Awaited<ReturnType<typeof countingUpstream>>;
  let app: FastifyInstance;
  let cookie: string;
  const data = tempDir('upload-limit');

  beforeAll(async () => {
    identity = await startIdentityApi({
      users: [{ username: 'upload.user', password: PASSWORD, roles: ['admin'] }],
    });
    cart = await countingUpstream();
    app = await buildApp(
      testConfig({
        DATA_DIR: data.path,
        ...identityEnv(identity, { accounts: identity.url, cart: cart.url }),
      }),
    );
    const login = await app.inject({
      method: 'POST',
      url: '/bff/login',
      headers: CSRF,
      payload: { username: 'upload.user', password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    cookie = sessionCookieOf(login)!;
  });
  afterAll(async () => {
    await app?.close();
    await cart?.close();
    await identity?.close();
    data.remove();
  });

  const upload = (size: number, url = '/api/colonial/return-file') => {
    const { body, contentType } = multipart(size);
    return app.inject({
      method: 'POST',
      url,
      headers: withSession(cookie, { 'content-type': contentType }),
      payload: body,
    });
  };

  it('forwards a 10 MiB return file whole', async () => {
    const before = cart.received.length;
    const answer = await upload(10 * MiB);
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ bytes: number }>().bytes).toBeGreaterThan(10 * MiB);
    expect(cart.received.slice(before)).toEqual([
      { url: '/colonial/return-file', bytes: expect.any(Number) },
    ]);
  });

  it('answers a clear 413 {message} for a 50 MB file and forwards nothing', async () => {
    const before = cart.received.length;
    const answer = await upload(50 * 1000 * 1000);
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toEqual({ message: 'The file is too large: upload a file of at most 10 MB' });
    expect(answer.json()).toEqual({ message: GATEWAY_MESSAGES.uploadTooLarge(10) });
    expect(cart.received.length).toBe(before);
  });

  it('keeps the 1 MiB limit on every other path, multipart or not', async () => {
    const before = cart.received.length;
    const json = await app.inject({
      method: 'POST',
      url: '/api/colonial/bcn',
      headers: withSession(cookie, { 'content-type': 'application/json' }),
      payload: JSON.stringify({ bcn: 'x'.repeat(2 * MiB) }),
    });
    expect([json.statusCode, json.json()]).toEqual([413, { message: GATEWAY_MESSAGES.bodyTooLarge }]);
    // A 2 MiB upload to another path is refused as JSON-only anyway (415), never forwarded.
    const elsewhere = await upload(2 * MiB, '/api/colonial/bcn');
    expect([413, 415]).toContain(elsewhere.statusCode);
    expect(cart.received.length).toBe(before);
  });
});
