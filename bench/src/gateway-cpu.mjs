#!/usr/bin/env node
// Gateway CPU per proxied request, side by side in one run: the gateway, a minimal Fastify BFF with a
// session (baselines/fastify-bff.mjs) and an Express + express-session + http-proxy-middleware BFF
// (baselines/express-bff.mjs), all three forwarding the same GET to the same cart-api with a bearer
// from their session. CPU is the proxy process's own (utime + stime from /proc/<pid>/stat) over the
// measured run, divided by the requests it served; the added p99 is the proxy's p99 minus cart-api's
// straight p99 at the same concurrency. Targets (issue 8): gateway ≤ 1.2 × Fastify BFF and
// ≤ 0.5 × Express BFF in CPU, added p99 ≤ 3 ms at 10 connections.
//
// Environment: BENCH_GATEWAY_PORT (3741), BENCH_IDENTITY_PORT (4741), BENCH_CART_API_PORT (4742),
// BENCH_FASTIFY_PORT (3742), BENCH_EXPRESS_PORT (3743), BENCH_CONNECTIONS (10), BENCH_DURATION (10),
// BENCH_ROUNDS (2: each proxy measured this many times, interleaved; the best round counts).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { demoAccount } from 'shared-domain';
import { bffLogin, passwordGrant } from './lib/auth.mjs';
import { percentile } from './lib/load.mjs';
import { assertBenchPort, onShutdown, startNode, startStack, tail, waitForHealth } from './lib/processes.mjs';
import { formatMs, machineNote, printTable } from './lib/report.mjs';

const env = process.env;
const ports = {
  gateway: Number(env.BENCH_GATEWAY_PORT ?? 3741),
  identity: Number(env.BENCH_IDENTITY_PORT ?? 4741),
  cart: Number(env.BENCH_CART_API_PORT ?? 4742),
  fastify: Number(env.BENCH_FASTIFY_PORT ?? 3742),
  express: Number(env.BENCH_EXPRESS_PORT ?? 3743),
};
Object.values(ports).forEach(assertBenchPort);
const connections = Number(env.BENCH_CONNECTIONS ?? 10);
const durationSeconds = Number(env.BENCH_DURATION ?? 10);
const rounds = Number(env.BENCH_ROUNDS ?? 2);
const url = (port) => `http://127.0.0.1:${port}`;
const broker = demoAccount('demo.broker');
const path = `epop-document/${broker.userId}?page=1&pageSize=10`;
// Linux's clock tick for /proc/<pid>/stat times (USER_HZ): 100 on every Linux we run on.
const TICK_MS = 10;

/** The CPU a process has used so far, in ms (user + system). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** Loads one GET for `seconds`; every answer must be 2xx. */
function load(target, seconds) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    let failures = 0;
    const instance = autocannon(
      {
        url: target.url,
        headers: target.headers,
        connections,
        duration: seconds,
      },
      (error, result) =>
        error ? reject(error) : resolve({ requests: result.requests.total, latencies, failures }),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      latencies.push(ms);
      if (status < 200 || status >= 300) failures += 1;
    });
  });
}

async function measure(target) {
  await load(target, 2); // warm-up: JIT, pools, caches
  const before = target.pid ? cpuMs(target.pid) : 0;
  const run = await load(target, durationSeconds);
  if (run.failures > 0) throw new Error(`${target.name}: ${run.failures} answers were not 2xx`);
  const cpu = target.pid ? cpuMs(target.pid) - before : Number.NaN;
  const sorted = run.latencies.sort((a, b) => a - b);
  return {
    name: target.name,
    requests: run.requests,
    rps: run.requests / durationSeconds,
    cpuPerRequestMs: cpu / run.requests,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
}

async function baselineLogin(base, token) {
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (!response.ok) throw new Error(`${base}/login answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-gateway-cpu-'));
const logFile = join(dataDir, 'bench.log');
const stack = startStack({
  gatewayPort: ports.gateway,
  identityPort: ports.identity,
  cartApiPort: ports.cart,
  dataDir,
  logFile,
});
const baselineEnv = { UPSTREAM: url(ports.cart) };
const fastifyBff = startNode('bench/src/baselines/fastify-bff.mjs', {
  logFile,
  env: { ...baselineEnv, PORT: String(ports.fastify) },
});
const expressBff = startNode('bench/src/baselines/express-bff.mjs', {
  logFile,
  env: { ...baselineEnv, PORT: String(ports.express) },
});
const cleanup = onShutdown(async () => {
  await Promise.all([stack.stop(), fastifyBff.stop(), expressBff.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
});

try {
  await waitForHealth(`${url(ports.gateway)}/healthz`, [stack], 120_000).catch(async (error) => {
    throw new Error(`${error.message}\n--- log ---\n${await tail(logFile)}`);
  });
  const { cookie } = await bffLogin(url(ports.gateway), broker.username);
  const token = await passwordGrant(url(ports.identity), broker.username);
  const gatewayPid = Number(readFileSync(join(dataDir, 'stack', 'gateway.pid'), 'utf8'));
  const targets = [
    {
      name: 'cart-api direct (bearer)',
      url: `${url(ports.cart)}/${path}`,
      headers: { authorization: `Bearer ${token}` },
    },
    {
      name: 'gateway',
      pid: gatewayPid,
      url: `${url(ports.gateway)}/api/${path}`,
      headers: { cookie, 'x-csrf': '1' },
    },
    {
      name: 'minimal Fastify BFF',
      pid: fastifyBff.pid,
      url: `${url(ports.fastify)}/api/${path}`,
      headers: { cookie: await baselineLogin(url(ports.fastify), token) },
    },
    {
      name: 'Express BFF',
      pid: expressBff.pid,
      url: `${url(ports.express)}/api/${path}`,
      headers: { cookie: await baselineLogin(url(ports.express), token) },
    },
  ];
  const answers = await Promise.all(
    targets.map(async (t) => (await fetch(t.url, { headers: t.headers })).text()),
  );
  if (new Set(answers).size !== 1) throw new Error('the four routes answered differently');

  const best = new Map();
  for (let round = 1; round <= rounds; round++) {
    for (const target of targets) {
      console.log(`round ${round}: ${target.name}, ${connections} connections, ${durationSeconds} s …`);
      const result = await measure(target);
      const previous = best.get(target.name);
      if (!previous || (result.cpuPerRequestMs || result.p99) < (previous.cpuPerRequestMs || previous.p99)) {
        best.set(target.name, result);
      }
    }
  }
  const direct = best.get('cart-api direct (bearer)');
  const gateway = best.get('gateway');
  printTable(
    ['route', 'req/s', 'CPU / request', 'p50', 'p99', 'added p99'],
    [...best.values()].map((r) => [
      r.name,
      r.rps.toFixed(0),
      Number.isNaN(r.cpuPerRequestMs) ? '' : `${(r.cpuPerRequestMs * 1000).toFixed(0)} µs`,
      formatMs(r.p50),
      formatMs(r.p99),
      r === direct ? '' : formatMs(r.p99 - direct.p99),
    ]),
  );
  const ratioFastify = gateway.cpuPerRequestMs / best.get('minimal Fastify BFF').cpuPerRequestMs;
  const ratioExpress = gateway.cpuPerRequestMs / best.get('Express BFF').cpuPerRequestMs;
  const addedP99 = gateway.p99 - direct.p99;
  console.log(
    [
      '',
      `gateway CPU / minimal Fastify BFF: ${ratioFastify.toFixed(2)} (target ≤ 1.2) ${ratioFastify <= 1.2 ? 'met' : 'NOT met'}`,
      `gateway CPU / Express BFF: ${ratioExpress.toFixed(2)} (target ≤ 0.5) ${ratioExpress <= 0.5 ? 'met' : 'NOT met'}`,
      `gateway added p99 at ${connections} connections: ${formatMs(addedP99)} (target ≤ 3 ms) ${addedP99 <= 3 ? 'met' : 'NOT met'}`,
      `(${machineNote()}; load generator, proxies and cart-api share the machine)`,
    ].join('\n'),
  );
} catch (error) {
  console.error(`gateway-cpu failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
