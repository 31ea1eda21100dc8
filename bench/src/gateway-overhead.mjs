#!/usr/bin/env node
// Gateway overhead: the same GET through the gateway (/api/…, session cookie + X-CSRF) and straight
// to cart-api (bearer token), with autocannon. Starts its own stack (gateway/scripts/stack.mjs) on
// bench ports with a temporary DATA_DIR and stops it at the end, also on failure.
//
// Environment: BENCH_GATEWAY_PORT (3701), BENCH_IDENTITY_PORT (4701), BENCH_CART_API_PORT (4702),
// BENCH_CONNECTIONS (1,10: one run per count; 1 shows the added latency, 10 the throughput),
// BENCH_DURATION (10 seconds per measured run), BENCH_KEEP_DATA=1 keeps the temporary folder (stack
// log included).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoAccount } from 'shared-domain';
import { bffLogin, passwordGrant } from './lib/auth.mjs';
import { measure } from './lib/load.mjs';
import { assertBenchPort, onShutdown, startStack, tail, waitForHealth } from './lib/processes.mjs';
import { formatDeltaMs, formatMs, machineNote, printTable } from './lib/report.mjs';

const env = process.env;
const gatewayPort = Number(env.BENCH_GATEWAY_PORT ?? 3701);
const identityPort = Number(env.BENCH_IDENTITY_PORT ?? 4701);
const cartApiPort = Number(env.BENCH_CART_API_PORT ?? 4702);
const connectionCounts = (env.BENCH_CONNECTIONS ?? '1,10').split(',').map(Number);
if (!connectionCounts.every((n) => Number.isInteger(n) && n >= 1 && n <= 100)) {
  throw new Error('BENCH_CONNECTIONS must be counts from 1 to 100, e.g. 1,10');
}
const durationSeconds = Number(env.BENCH_DURATION ?? 10);
[gatewayPort, identityPort, cartApiPort].forEach(assertBenchPort);

const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
const identityUrl = `http://127.0.0.1:${identityPort}`;
const cartApiUrl = `http://127.0.0.1:${cartApiPort}`;
const broker = demoAccount('demo.broker');
const path = `epop-document/${broker.userId}?page=1&pageSize=10`;

const dataDir = mkdtempSync(join(tmpdir(), 'bench-gateway-'));
const logFile = join(dataDir, 'stack.log');
const stack = startStack({ gatewayPort, identityPort, cartApiPort, dataDir, logFile });
const cleanup = onShutdown(async () => {
  await stack.stop();
  if (env.BENCH_KEEP_DATA === '1') console.log(`kept ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
});

try {
  console.log(`starting the stack (pid ${stack.pid}, DATA_DIR ${dataDir}) …`);
  await waitForHealth(`${gatewayUrl}/healthz`, [stack], 120_000).catch(async (error) => {
    throw new Error(`${error.message}\n--- stack log ---\n${await tail(logFile)}`);
  });

  const { cookie, user } = await bffLogin(gatewayUrl, broker.username);
  const token = await passwordGrant(identityUrl, broker.username);
  if (user.userId !== broker.userId)
    throw new Error(`signed in as ${user.userId}, expected ${broker.userId}`);

  const viaGateway = { url: `${gatewayUrl}/api/${path}`, headers: { cookie, 'x-csrf': '1' } };
  const direct = { url: `${cartApiUrl}/${path}`, headers: { authorization: `Bearer ${token}` } };
  // Both routes must answer the same page before their speed is compared.
  const [a, b] = await Promise.all(
    [viaGateway, direct].map(async ({ url, headers }) => (await fetch(url, { headers })).json()),
  );
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error('gateway and cart-api answered differently');
  console.log(`GET ${path}: ${a.data.length} rows, ${a.pages} pages`);

  const row = (name, r) => [
    name,
    r.requestsPerSecond.toFixed(0),
    formatMs(r.p50),
    formatMs(r.p95),
    formatMs(r.p99),
    String(r.requests),
  ];
  const rows = [];
  const summary = [];
  for (const connections of connectionCounts) {
    console.log(`measuring: ${connections} connection(s), ${durationSeconds} s each (after a 2 s warm-up) …`);
    const plain = await measure({ ...direct, connections, durationSeconds });
    const proxied = await measure({ ...viaGateway, connections, durationSeconds });
    rows.push(
      row(`cart-api direct (bearer), ${connections} conn.`, plain),
      row(`through gateway (cookie), ${connections} conn.`, proxied),
    );
    summary.push(
      `${connections} connection(s): gateway adds p50 ${formatDeltaMs(proxied.p50 - plain.p50)}, ` +
        `p99 ${formatDeltaMs(proxied.p99 - plain.p99)}; throughput ` +
        `${((proxied.requestsPerSecond / plain.requestsPerSecond) * 100).toFixed(0)}% of direct`,
    );
  }
  console.log('');
  printTable(['route', 'req/s', 'p50', 'p95', 'p99', 'requests'], rows);
  console.log(`\n${summary.join('\n')}\n(${machineNote()}; client and servers on one machine)`);
} catch (error) {
  console.error(`gateway-overhead failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
