#!/usr/bin/env node
// `pnpm start:cluster`: the product as several instances of each service behind a load balancer, on the
// engines a real deployment shares (README.md "Cluster"). HAProxy (Debian's `haproxy`) listens on
// PORT (3000) for browsers and balances over CLUSTER_INSTANCES (2) gateways; the gateways and cart-api
// reach identity-api and cart-api through HAProxy too (IDENTITY_PORT 4001, CART_API_PORT 4002), so
// every hop has two targets. Everything shared lives in PostgreSQL (one database per service:
// <CLUSTER_DATABASE_PREFIX, pop_cluster>_identity, _cart and _gateway on CLUSTER_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432) and Redis (CLUSTER_REDIS_URL, default redis://127.0.0.1:6379:
// sessions, sign-in counters, the refresh lock). Each process is supervised (supervisor.mjs).
//
// Instance ports: gateways PORT+11, PORT+12…; identity-api IDENTITY_PORT+10+n; cart-api
// CART_API_PORT+20+n; HAProxy's stats page on CLUSTER_STATS_PORT (8404, loopback). DATA_DIR
// (<repo>/data/cluster) holds what only this launcher needs: the generated haproxy.cfg, the pid files,
// the shared session secret, the demo marker and, without SMTP_URL, the e-mail outbox. Every other
// variable passes through to every service (SMTP_URL, LOGIN_RATE_LIMIT, ACCESS_TOKEN_TTL_SECONDS…).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stepRunner, supervisor, waitForHealth } from './supervisor.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const env = process.env;
const port = Number(env.PORT ?? 3000);
const identityPort = Number(env.IDENTITY_PORT ?? 4001);
const cartApiPort = Number(env.CART_API_PORT ?? 4002);
const statsPort = Number(env.CLUSTER_STATS_PORT ?? 8404);
const instances = Number(env.CLUSTER_INSTANCES ?? 2);
const dataDir = resolve(env.DATA_DIR ?? join(root, 'data', 'cluster'));
const nodeEnv = env.NODE_ENV ?? 'development';
const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
const postgresUrl = (env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
const redisUrl = env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';
const haproxy = env.HAPROXY_PATH ?? 'haproxy';
const remotes = ['mf-ordering', 'mf-documents', 'mf-admin'];
// One database per service; a prefix of letters, digits and underscores (it is written into SQL).
const databasePrefix = env.CLUSTER_DATABASE_PREFIX ?? 'pop_cluster';
const databases = {
  identity: `${databasePrefix}_identity`,
  cart: `${databasePrefix}_cart`,
  gateway: `${databasePrefix}_gateway`,
};

if (!/^[a-z][a-z0-9_]{0,40}$/.test(databasePrefix)) {
  console.error('cluster: CLUSTER_DATABASE_PREFIX must be lower-case letters, digits and underscores');
  process.exit(1);
}
if (env.METRICS_PORT) {
  // One port cannot be every instance's private listener: scrape each instance's main port instead.
  console.error('cluster: METRICS_PORT is for one process; set METRICS_TOKEN to scrape each instance');
  process.exit(1);
}
if (!Number.isInteger(instances) || instances < 1 || instances > 8) {
  console.error('cluster: CLUSTER_INSTANCES must be a whole number from 1 to 8');
  process.exit(1);
}

const run = stepRunner({ cwd: root, env, label: 'cluster' });

/** True when something listens on host:port (PostgreSQL and Redis are the operator's, not started here). */
function listening(url) {
  const { hostname, port: urlPort } = new URL(url);
  return new Promise((done) => {
    const socket = connect({ host: hostname, port: Number(urlPort) }, () => {
      socket.end();
      done(true);
    });
    socket.on('error', () => done(false));
  });
}

/** Creates the services' databases that do not exist yet (each service migrates its own at start). */
async function createDatabases() {
  const { Client } = createRequire(join(root, 'service-kit', 'package.json'))('pg');
  const client = new Client({ connectionString: `${postgresUrl}/postgres` });
  await client.connect();
  try {
    for (const name of Object.values(databases)) {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      // Checked against a strict pattern above: safe to write into the statement.
      if (rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
    }
  } finally {
    await client.end();
  }
}

/** The one session secret every gateway signs cookies with (a cookie set by one is read by the other). */
function sessionSecret() {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = join(dataDir, 'gateway-session-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

const ids = Array.from({ length: instances }, (_, index) => index + 1);
const gatewayPorts = ids.map((n) => port + 10 + n);
const identityPorts = ids.map((n) => identityPort + 10 + n);
const cartApiPorts = ids.map((n) => cartApiPort + 20 + n);
const identityUrl = `http://127.0.0.1:${identityPort}`;
const cartApiUrl = `http://127.0.0.1:${cartApiPort}`;

/**
 * HAProxy: one frontend per service, round robin over its instances, health-checked on /readyz (a
 * draining or cut-off instance leaves the rotation within three seconds; a check may take 5 s, so a
 * busy instance is not taken for a dead one). A request whose connection
 * failed is sent to the other instance (nothing reached the dead one); a GET or HEAD that got no
 * answer at all is retried once too, a write never is (it may have been done), nor the external
 * sign-in's callback (its code is single-use).
 */
function haproxyConfig() {
  const backend = (name, ports) => [
    `backend ${name}`,
    '  balance roundrobin',
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    '  option redispatch',
    '  retries 2',
    '  retry-on conn-failure empty-response response-timeout',
    '  http-request disable-l7-retry unless METH_GET || METH_HEAD',
    // A GET that carries a one-time authorization code: replayed, identity-api would refuse it.
    '  http-request disable-l7-retry if { path /bff/callback }',
    ...ports.map((p, index) => `  server ${name}${index + 1} 127.0.0.1:${p} check inter 1s fall 3 rise 2`),
    '',
  ];
  const frontend = (name, bind, backendName) => [
    `frontend ${name}`,
    `  bind ${bind}`,
    '  option forwardfor',
    `  default_backend ${backendName}`,
    '',
  ];
  return [
    'global',
    '  maxconn 8192',
    '',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 65s',
    '  timeout server 65s',
    '  timeout http-keep-alive 10s',
    '  timeout check 5s',
    '',
    ...frontend('browsers', `:${port}`, 'gateways'),
    ...frontend('identity', `127.0.0.1:${identityPort}`, 'identity_apis'),
    ...frontend('cart', `127.0.0.1:${cartApiPort}`, 'cart_apis'),
    ...backend('gateways', gatewayPorts),
    ...backend('identity_apis', identityPorts),
    ...backend('cart_apis', cartApiPorts),
    'frontend stats',
    `  bind 127.0.0.1:${statsPort}`,
    '  stats enable',
    '  stats uri /',
    '  stats refresh 5s',
    '',
  ].join('\n');
}

const databaseUrl = (service) => `${postgresUrl}/${databases[service]}`;
const common = {
  DATA_DIR: dataDir,
  NODE_ENV: nodeEnv,
  // On SIGTERM an instance fails /readyz and keeps serving until HAProxy (a check each second, three
  // failures) has taken it out of the rotation, then closes its listener (service-kit serve()).
  SHUTDOWN_GRACE_MS: env.SHUTDOWN_GRACE_MS ?? '3500',
};

const identityEnv = (listenPort) => ({
  ...common,
  PORT: String(listenPort),
  HOST: '127.0.0.1',
  // The balanced address: one issuer for every instance, so a token from one verifies at the other.
  PUBLIC_URL: identityUrl,
  APP_URL: publicUrl,
  GATEWAY_REDIRECT_URIS: `${publicUrl}/bff/callback`,
  DATABASE_URL: databaseUrl('identity'),
});
const cartEnv = (listenPort) => ({
  ...common,
  PORT: String(listenPort),
  HOST: '127.0.0.1',
  IDENTITY_ISSUER: `${identityUrl}/oidc`,
  IDENTITY_URL: identityUrl,
  APP_URL: publicUrl,
  DATABASE_URL: databaseUrl('cart'),
});
const gatewayEnv = (listenPort, secret) => ({
  ...common,
  PORT: String(listenPort),
  HOST: '127.0.0.1',
  PUBLIC_URL: publicUrl,
  IDENTITY_ISSUER: `${identityUrl}/oidc`,
  IDENTITY_URL: identityUrl,
  CART_API_URL: cartApiUrl,
  REDIS_URL: redisUrl,
  DATABASE_URL: databaseUrl('gateway'),
  SESSION_SECRET: secret,
  // HAProxy on the loopback is the one hop in front: the client address is its X-Forwarded-For.
  TRUST_PROXY: 'loopback',
});

for (const [what, url] of [
  ['PostgreSQL', postgresUrl],
  ['Redis', redisUrl],
]) {
  if (!(await listening(url))) {
    console.error(`cluster: ${what} is not reachable at ${url}: start it first (README.md "Cluster")`);
    process.exit(1);
  }
}
if (spawnSync(haproxy, ['-v'], { stdio: 'ignore' }).status !== 0) {
  console.error(
    `cluster: ${haproxy} not found: install Debian's haproxy (apt-get install haproxy) or set HAPROXY_PATH`,
  );
  process.exit(1);
}

mkdirSync(dataDir, { recursive: true });
// The same builds as `pnpm start` (what is missing or stale).
run('node', ['gateway/scripts/stack.mjs'], { STACK_BUILD_ONLY: '1' });
await createDatabases();
const secret = sessionSecret();
if (nodeEnv !== 'production' && !existsSync(join(dataDir, '.demo-seeded'))) {
  console.log('cluster: seeding demo data');
  run('node', ['identity-api/dist/cli.js', 'seed-demo'], identityEnv(identityPorts[0]));
  run('node', ['cart-api/dist/cli.js', 'seed-demo'], cartEnv(cartApiPorts[0]));
  writeFileSync(join(dataDir, '.demo-seeded'), new Date().toISOString());
}
// Once, into the shared registry: every gateway serves what was published through any of them.
for (const remote of remotes) {
  run('node', ['gateway/dist/cli.js', 'publish-remote', remote], gatewayEnv(gatewayPorts[0], secret));
}

const config = join(dataDir, 'haproxy.cfg');
writeFileSync(config, haproxyConfig());
run(haproxy, ['-c', '-q', '-f', config]);

const services = supervisor({ cwd: root, env, pidDir: join(dataDir, 'pids') });
services.start('haproxy', haproxy, ['-db', '-f', config]);
for (const [index, n] of ids.entries()) {
  services.start(
    `identity-api-${n}`,
    'node',
    ['identity-api/dist/server.js'],
    identityEnv(identityPorts[index]),
  );
  services.start(`cart-api-${n}`, 'node', ['cart-api/dist/server.js'], cartEnv(cartApiPorts[index]));
  services.start(`gateway-${n}`, 'node', ['gateway/dist/server.js'], gatewayEnv(gatewayPorts[index], secret));
}

const ready = await Promise.all(
  gatewayPorts.map((p) => waitForHealth(`http://127.0.0.1:${p}/healthz`, 90_000)),
);
if (ready.every(Boolean) && (await waitForHealth(`http://127.0.0.1:${port}/healthz`, 30_000))) {
  const { DEMO_ACCOUNTS, DEMO_PASSWORD } = await import('shared-domain');
  console.log(
    [
      '',
      `POP Documents (cluster: ${instances} of each service behind HAProxy) is running at ${publicUrl}`,
      `  gateways ${gatewayPorts.join(', ')}; identity-api ${identityPorts.join(', ')} behind :${identityPort};` +
        ` cart-api ${cartApiPorts.join(', ')} behind :${cartApiPort}`,
      `  HAProxy stats http://127.0.0.1:${statsPort}/; PostgreSQL ${postgresUrl} (${Object.values(databases).join(', ')}); Redis ${redisUrl}`,
      ...(nodeEnv === 'production'
        ? []
        : [
            'Demo accounts:',
            ...DEMO_ACCOUNTS.map(
              (a) => `  ${a.username.padEnd(16)} ${DEMO_PASSWORD}  (${a.roles.join(', ')})`,
            ),
          ]),
      'Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  );
} else {
  console.error('cluster: the gateways did not become healthy in time');
  services.stop(1);
}
