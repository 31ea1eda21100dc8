#!/usr/bin/env node
// Baseline for the gateway benchmark: the classic Express BFF. express-session (in memory) holding
// the bearer token, http-proxy-middleware forwarding /api/* to cart-api with it.
import { Agent } from 'node:http';
import express from 'express';
import session from 'express-session';
import { createProxyMiddleware } from 'http-proxy-middleware';

const { PORT, UPSTREAM, BENCH_EXPRESS_KEEP_ALIVE } = process.env;
const app = express();
app.use(
  session({
    secret: 'a-baseline-secret-of-at-least-32-characters',
    name: 'sid',
    resave: false,
    saveUninitialized: false,
    cookie: { secure: false, httpOnly: true, sameSite: 'strict' },
  }),
);
app.post('/login', express.json(), (request, response) => {
  request.session.token = request.body.token;
  response.json({ ok: true });
});
app.use(
  '/api',
  (request, response, next) =>
    request.session.token ? next() : response.status(401).json({ message: 'signed out' }),
  createProxyMiddleware({
    target: UPSTREAM,
    changeOrigin: false,
    // http-proxy-middleware's default opens a connection to the upstream per request;
    // BENCH_EXPRESS_KEEP_ALIVE=1 keeps them open, as the gateway and the Fastify baseline do.
    ...(BENCH_EXPRESS_KEEP_ALIVE === '1' && { agent: new Agent({ keepAlive: true }) }),
    on: {
      proxyReq: (proxyRequest, request) => {
        proxyRequest.removeHeader('cookie');
        proxyRequest.setHeader('authorization', `Bearer ${request.session.token}`);
      },
    },
  }),
);
app.listen(Number(PORT), '127.0.0.1');
