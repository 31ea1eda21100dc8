import { describe, expect, it } from '@jest/globals';
import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { HELMET_OPTIONS, securityHeaders } from '../src/plugins/external/helmet.js';
import { startGateway } from './helpers.js';

describe('security headers, computed once at start', () => {
  it('are exactly the headers @fastify/helmet sets per request', async () => {
    const reference = Fastify();
    await reference.register(helmet, HELMET_OPTIONS);
    reference.get('/x', async () => ({ ok: true }));
    const answer = await reference.inject({ method: 'GET', url: '/x' });
    await reference.close();
    const constants = await securityHeaders();
    expect(Object.keys(constants).length).toBeGreaterThan(8);
    for (const [name, value] of Object.entries(constants)) expect(answer.headers[name]).toBe(value);
    expect(constants['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('are on every answer of the gateway: a static 404, /bff and /api alike', async () => {
    const gateway = await startGateway('headers');
    try {
      const constants = await securityHeaders();
      for (const url of ['/nope.js', '/bff/user', '/api/order']) {
        const answer = await gateway.app.inject({ method: 'GET', url, headers: { 'x-csrf': '1' } });
        for (const [name, value] of Object.entries(constants)) expect(answer.headers[name]).toBe(value);
      }
    } finally {
      await gateway.close();
    }
  });
});
