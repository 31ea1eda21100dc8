#!/usr/bin/env node
// Baseline for the gateway benchmark: the least a Fastify BFF does for one proxied call. A session
// cookie (@fastify/cookie + @fastify/session, in memory) holding the bearer token, and
// @fastify/http-proxy forwarding /api/* to cart-api with that token. No CSRF check, no refresh, no
// header allow-lists, no security headers, no logging: what the gateway adds is measured against it.
import cookie from '@fastify/cookie';
import proxy from '@fastify/http-proxy';
import session from '@fastify/session';
import Fastify from 'fastify';

const { PORT, UPSTREAM } = process.env;
const app = Fastify({ logger: false });
await app.register(cookie);
await app.register(session, {
  secret: 'a-baseline-secret-of-at-least-32-characters',
  cookieName: 'sid',
  saveUninitialized: false,
  cookie: { secure: false, httpOnly: true, sameSite: 'strict' },
});
app.post('/login', async (request) => {
  request.session.set('token', request.body.token);
  return { ok: true };
});
await app.register(proxy, {
  upstream: UPSTREAM,
  prefix: '/api',
  rewritePrefix: '/',
  preHandler: async (request, reply) => {
    if (!request.session.get('token')) return reply.code(401).send({ message: 'signed out' });
  },
  replyOptions: {
    rewriteRequestHeaders: (request, headers) => ({
      ...headers,
      cookie: undefined,
      authorization: `Bearer ${request.session.get('token')}`,
    }),
  },
});
await app.listen({ port: Number(PORT), host: '127.0.0.1' });
