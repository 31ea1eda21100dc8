import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { GATEWAY_MESSAGES } from '../src/messages.js';
import { tempDir, testConfig } from './helpers.js';

const PDF = Buffer.from('%PDF-1.7\n% the guide\n%%EOF\n');
const DISPOSITION = `attachment; filename="pop-implementation-guide.pdf"; filename*=UTF-8''pop-implementation-guide.pdf`;

/** cart-api's guide routes as they answer (its own tests prove the PDFs are real), counting the calls. */
async function fakeCartApi(): Promise<{ app: FastifyInstance; url: string; calls: string[] }> {
  const calls: string[] = [];
  const app = Fastify();
  app.get('/system-message/config/refresh-token', async () => ({ enabled: true }));
  app.get('/system-message/guide/:file', async (request, reply) => {
    calls.push(`${request.url} ${request.headers.cookie ?? ''}${request.headers.authorization ?? ''}`);
    return reply
      .type('application/pdf')
      .header('content-disposition', DISPOSITION)
      .header('cache-control', 'public, max-age=3600')
      .send(PDF);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, calls };
}

/**
 * The guides at stable public paths (issue 23 item 4): a plain link (no session, no X-CSRF) downloads
 * the PDF cart-api makes; nothing else is served under /guides/.
 */
describe('GET /guides/<file>', () => {
  const data = tempDir('guides');
  let cart: Awaited<ReturnType<typeof fakeCartApi>>;
  let gateway: FastifyInstance;

  beforeAll(async () => {
    cart = await fakeCartApi();
    gateway = await buildApp(testConfig({ DATA_DIR: data.path, CART_API_URL: cart.url }), { logger: false });
  });
  afterAll(async () => {
    await gateway?.close();
    await cart?.app.close();
    data.remove();
  });

  it('downloads a guide from a plain link: no cookie, no X-CSRF, the PDF and its name as cart-api sends them', async () => {
    const response = await gateway.inject({
      method: 'GET',
      url: '/guides/pop-implementation-guide.pdf',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PDF)).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(DISPOSITION);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    // Fetched from cart-api's public route, with no credentials of anyone's.
    expect(cart.calls).toEqual(['/system-message/guide/pop-implementation-guide.pdf ']);
  });

  it('serves the employee quick reference guide too, and nothing else under /guides/', async () => {
    const quick = await gateway.inject({ method: 'GET', url: '/guides/employee-quick-reference-guide.pdf' });
    expect(quick.statusCode).toBe(200);
    for (const url of ['/guides/secret.pdf', '/guides/..%2fhealthz', '/guides/']) {
      const response = await gateway.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect([url, response.statusCode]).toEqual([url, 404]);
    }
    expect(cart.calls).toHaveLength(2);
  });

  it('answers 502 in the catalogue when cart-api cannot be reached', async () => {
    const down = await buildApp(
      testConfig({ DATA_DIR: `${data.path}/down`, CART_API_URL: 'http://127.0.0.1:9' }),
      { logger: false },
    );
    try {
      const response = await down.inject({ method: 'GET', url: '/guides/pop-implementation-guide.pdf' });
      expect([response.statusCode, response.json()]).toEqual([
        502,
        { message: GATEWAY_MESSAGES.unreachable },
      ]);
    } finally {
      await down.close();
    }
  });
});
