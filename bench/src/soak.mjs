// The cluster's soak and failure run (issue 25 item 6; bench/README.md "Cluster: soak and failures").
//
// For each instance count of SOAK_INSTANCES (default "1,2"), `pnpm start:cluster` is started on fresh
// databases (prefix pop_soak) with that many of each service behind HAProxy, then SOAK_CLIENTS (200)
// signed-in clients use it for SOAK_SECONDS (300) through the load balancer, each in a closed loop over
// what a signed-in user's browser asks (the session user, the basket, My POP Documents, the registry,
// the signed-in page, a remote's entry) and now and then a Send to Self. With two or more instances,
// meanwhile, one instance of each service is stopped (SIGTERM, as an operator or an orchestrator does)
// and restarted by the supervisor in turn, a remote is published and rolled back, and identity-api's
// keys are rotated; access tokens live SOAK_TOKEN_TTL_SECONDS (120), so every session is refreshed by
// whichever gateway it reaches, several times.
//
// Passes when: no user request failed (an idempotent read may be retried once, and is counted), every
// session is still signed in at the end, the publish and the rollback were served by every gateway,
// every queued job ran exactly once (each Send to Self asked for is one job done once and one e-mail;
// no reminder e-mailed twice although every cart-api start scans for them). Loopback only; bounded in
// time. Exit 1 when a check fails.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { bffLogin } from './lib/auth.mjs';
import { percentile } from './lib/load.mjs';
import { repoRoot } from './lib/paths.mjs';
import { startNode, tail, waitForHealth } from './lib/processes.mjs';
import { machineNote, printTable } from './lib/report.mjs';

const env = process.env;
const seconds = Number(env.SOAK_SECONDS ?? 300);
const clients = Number(env.SOAK_CLIENTS ?? 200);
/** `stack`: the single-process `pnpm start` (SQLite, no balancer); a number: the cluster with that many of each. */
const instanceCounts = (env.SOAK_INSTANCES ?? 'stack,1,2')
  .split(',')
  .map((value) => (value === 'stack' ? 'stack' : Number(value)));
const tokenTtlSeconds = Number(env.SOAK_TOKEN_TTL_SECONDS ?? 120);
const PORT = 3700;
const IDENTITY_PORT = 4701;
const CART_API_PORT = 4702;
const STATS_PORT = 3799;
/** identity-api instances reread their keys this often: a new signing key may sign 45 s after publication. */
const KEY_RELOAD_MS = '5000';
const METRICS_TOKEN = 'soak-run-metrics-token';
/** The metrics of the README's sample (bench/README.md), read from one instance of each service. */
const SAMPLED_METRICS =
  /^(http_request_duration_seconds_count|upstream_errors_total|sign_ins_total|jobs_due|jobs_oldest_due_age_seconds|jobs_failed_total|payments_total|mail_messages_total)\{/;
const origin = `http://127.0.0.1:${PORT}`;
const prefix = 'pop_soak';
const accounts = ['demo.broker', 'demo.employer', 'demo.compliance', 'demo.admin'];
/** A read that failed (no answer, or the balancer's 502/503/504) is asked once more, as a browser's retry. */
const RETRIED_STATUSES = new Set([502, 503, 504]);
const REQUEST_TIMEOUT_MS = 30_000;

const pg = createRequire(join(repoRoot, 'service-kit', 'package.json'))('pg');

async function withDatabase(name, work) {
  const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${name}` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Fresh databases for a run: the figures and the exactly-once counts start from the demo alone. */
async function dropDatabases() {
  await withDatabase('postgres', async (client) => {
    for (const service of ['identity', 'cart', 'gateway']) {
      await client.query(`DROP DATABASE IF EXISTS ${prefix}_${service} WITH (FORCE)`);
    }
  });
}

function sleep(ms) {
  return new Promise((done) => setTimeout(done, ms));
}

/** One browser: its session cookie, and what it has seen. */
class Client {
  constructor(index) {
    this.index = index;
    this.username = accounts[index % accounts.length];
    this.cookie = '';
    this.user = undefined;
    this.documentId = undefined;
  }

  async signIn() {
    ({ cookie: this.cookie, user: this.user } = await bffLogin(origin, this.username));
  }

  request(path, init = {}) {
    return fetch(`${origin}${path}`, {
      ...init,
      headers: { cookie: this.cookie, 'x-csrf': '1', ...init.headers },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  }
}

/** What the run saw. */
function newTally() {
  return { latencies: [], failed: [], retried: 0, lostSessions: 0, sends: 0, byKind: new Map() };
}

/**
 * Sends one request of the mix and records it. A GET/HEAD that got no answer, or a 502/503/504, is
 * asked once more; anything else that is not 2xx is a failure (a 401 is a lost session).
 */
async function timed(tally, kind, client, path, init = {}) {
  const idempotent = !init.method || init.method === 'GET' || init.method === 'HEAD';
  for (let attempt = 1; ; attempt += 1) {
    const started = performance.now();
    let status = 0;
    let body;
    try {
      const response = await client.request(path, init);
      status = response.status;
      body = await response.arrayBuffer();
    } catch (error) {
      status = 0;
      body = String(error?.cause?.code ?? error?.name ?? error);
    }
    const ms = performance.now() - started;
    if (status >= 200 && status < 300) {
      tally.latencies.push(ms);
      tally.byKind.set(kind, (tally.byKind.get(kind) ?? 0) + 1);
      return body;
    }
    if (idempotent && attempt === 1 && (status === 0 || RETRIED_STATUSES.has(status))) {
      tally.retried += 1;
      continue;
    }
    if (status === 401) tally.lostSessions += 1;
    const detail =
      typeof body === 'string'
        ? body
        : Buffer.from(body ?? [])
            .toString('utf8')
            .slice(0, 200);
    tally.failed.push({
      at: new Date().toISOString(),
      kind,
      method: init.method ?? 'GET',
      path,
      status,
      detail,
    });
    return undefined;
  }
}

const json = (buffer) => (buffer ? JSON.parse(Buffer.from(buffer).toString('utf8')) : undefined);

/** The Paid documents of a page of 'My POP Documents' (`data[]`). */
function paidDocuments(page) {
  return (page?.data ?? [])
    .filter((row) => row.status === 'Paid' && !row.isReadOnly)
    .map((row) => row.documentId);
}

/**
 * Send to Self is allowed 3 times per document and hour (cart-api's rule, a 429 after): the run asks
 * for at most that many, so every one asked for is due to be e-mailed exactly once.
 */
const SENDS_PER_DOCUMENT = 3;
const sendsAsked = new Map();

async function userLoop(client, tally, until, entry) {
  const { userId } = client.user;
  let turn = 0;
  while (Date.now() < until) {
    turn += 1;
    await timed(tally, 'session user', client, '/bff/user');
    // Two at once of one session, as a page's reads go: through the balancer they may reach both
    // gateways, and when the access token is due both want to refresh it (one may, once).
    const [, page] = await Promise.all([
      timed(tally, 'basket', client, `/api/shopping-cart/${userId}`),
      timed(tally, 'documents', client, `/api/epop-document/${userId}?page=1`),
    ]);
    const documents = paidDocuments(json(page));
    client.documentId ??= documents[client.index % Math.max(1, documents.length)];
    await timed(tally, 'registry', client, '/remotes.json');
    await timed(tally, 'page', client, '/', { headers: { accept: 'text/html' } });
    await timed(tally, 'remote entry', client, entry());
    // A Send to Self now and then (a queued job and an e-mail each): counted to prove exactly once.
    const asked = sendsAsked.get(client.documentId) ?? 0;
    if (
      client.username === 'demo.broker' &&
      client.documentId &&
      turn % 20 === 0 &&
      asked < SENDS_PER_DOCUMENT
    ) {
      sendsAsked.set(client.documentId, asked + 1);
      const sent = await timed(
        tally,
        'send to self',
        client,
        `/api/epop-document/${client.documentId}/email/send-self`,
        {
          method: 'POST',
        },
      );
      if (sent !== undefined) tally.sends += 1;
    }
  }
}

/**
 * Starts what is measured on the bench's ports: `pnpm start`'s stack (`instances` = 'stack': one process
 * of each, SQLite) or `pnpm start:cluster` with that many of each, and waits until every gateway answers.
 */
async function startTarget(instances, dataDir) {
  const single = instances === 'stack';
  const logFile = join(dataDir, single ? 'stack.log' : 'cluster.log');
  const target = startNode(single ? 'gateway/scripts/stack.mjs' : 'gateway/scripts/cluster.mjs', {
    logFile,
    env: {
      PORT: String(PORT),
      IDENTITY_PORT: String(IDENTITY_PORT),
      CART_API_PORT: String(CART_API_PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Every client signs in from 127.0.0.1 and shares four accounts: the throttles would refuse them.
      LOGIN_RATE_LIMIT: '100000',
      LOGIN_ACCOUNT_RATE_LIMIT: '100000',
      ACCESS_TOKEN_TTL_SECONDS: String(tokenTtlSeconds),
      PAYMENT_SANDBOX_DELAY_MS: '0',
      // /metrics on each instance's own port, behind the token: read at the end of the run.
      METRICS_TOKEN,
      ...(single
        ? {}
        : {
            CLUSTER_STATS_PORT: String(STATS_PORT),
            CLUSTER_INSTANCES: String(instances),
            CLUSTER_DATABASE_PREFIX: prefix,
            // A new signing key may sign KEY_RELOAD_MS + 40 s after it was published: within the run.
            KEY_RELOAD_MS,
          }),
    },
  });
  try {
    await waitForHealth(`${origin}/healthz`, [target], 240_000);
    for (let n = 1; !single && n <= instances; n += 1) {
      await waitForHealth(`http://127.0.0.1:${PORT + 10 + n}/healthz`, [target], 60_000);
    }
  } catch (error) {
    console.error(await tail(logFile, 60));
    await target.stop();
    throw error;
  }
  return { cluster: target, logFile };
}

/** SIGTERM to one supervised process (the supervisor starts it again), then waits until it is ready. */
async function restart(dataDir, name, readyUrl) {
  const pidFile = join(dataDir, 'pids', `${name}.pid`);
  const pid = Number(readFileSync(pidFile, 'utf8'));
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    await sleep(250);
    const now = Number(readFileSync(pidFile, 'utf8'));
    if (now !== pid) {
      try {
        if ((await fetch(readyUrl, { signal: AbortSignal.timeout(2_000) })).ok)
          return { name, pid, restartedAs: now };
      } catch {
        // starting
      }
    }
  }
  throw new Error(`${name} did not come back within 60 s`);
}

function cli(args, extraEnv) {
  const result = spawnSync(process.execPath, args, {
    cwd: repoRoot,
    env: { ...env, ...extraEnv },
    encoding: 'utf8',
  });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}`.trim() };
}

/** The mf-admin entry each gateway's /remotes.json names, read from every gateway directly. */
async function entriesPerGateway(instances) {
  const entries = [];
  for (let n = 1; n <= instances; n += 1) {
    const registry = await (await fetch(`http://127.0.0.1:${PORT + 10 + n}/remotes.json`)).json();
    entries.push(registry.remotes.find((remote) => remote.name === 'mf_admin')?.entry);
  }
  return entries;
}

/**
 * Publishes a changed mf-admin build through the CLI (on the shared registry) and rolls it back: each
 * time every gateway must name the new entry at once, and serve its file.
 */
async function publishAndRollback(instances, dataDir) {
  const gatewayEnv = {
    DATA_DIR: dataDir,
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${prefix}_gateway`,
  };
  const before = (await entriesPerGateway(instances))[0];
  const previousVersion = before.split('/')[3];
  const changed = mkdtempSync(join(tmpdir(), 'soak-mf-admin-'));
  cpSync(join(repoRoot, 'mf-admin', 'dist'), changed, { recursive: true });
  writeFileSync(join(changed, 'soak.txt'), `published by the soak run at ${new Date().toISOString()}\n`);
  const published = cli(['gateway/dist/cli.js', 'publish-remote', 'mf-admin', '--dist', changed], gatewayEnv);
  rmSync(changed, { recursive: true, force: true });
  if (!published.ok) return { ok: false, detail: `publish failed: ${published.output}` };
  const afterPublish = await entriesPerGateway(instances);
  const served = await Promise.all(
    afterPublish.map(
      async (entry, index) => (await fetch(`http://127.0.0.1:${PORT + 11 + index}${entry}`)).ok,
    ),
  );
  const rolledBack = cli(['gateway/dist/cli.js', 'rollback-remote', 'mf-admin', previousVersion], gatewayEnv);
  const afterRollback = await entriesPerGateway(instances);
  const ok =
    afterPublish.every((entry) => entry && entry !== before) &&
    new Set(afterPublish).size === 1 &&
    served.every(Boolean) &&
    rolledBack.ok &&
    afterRollback.every((entry) => entry === before);
  return {
    ok,
    detail: `published ${afterPublish[0]} (every gateway named it: ${new Set(afterPublish).size === 1}, served by each: ${served.every(Boolean)}), rolled back to ${afterRollback.join(', ')}`,
  };
}

/**
 * `rotate-keys` on the cluster's database. A next key signs only once every instance and cart-api
 * can know it (identity-api README "Key rotation"): when the CLI says it is too early, the run asks
 * again at the time it names, within `deadline`.
 */
async function rotateKeys(dataDir, deadline) {
  const run = () =>
    cli(['identity-api/dist/cli.js', 'rotate-keys'], {
      DATA_DIR: dataDir,
      DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${prefix}_identity`,
      // The servers' setting: the CLI reckons when a next key may sign from it.
      KEY_RELOAD_MS: KEY_RELOAD_MS,
    });
  let result = run();
  const retryAt = /Run again from (\S+?)\.?$/m.exec(result.output)?.[1];
  if (!result.ok && retryAt && Date.parse(retryAt) < deadline) {
    await sleep(Date.parse(retryAt) - Date.now() + 500);
    result = run();
  }
  return { ok: result.ok, detail: result.output.split('\n').join(' ') };
}

/**
 * A scrape of the last instance of each service (the one that ran longest since its restart), the
 * busiest series of each sampled metric: what an operator's Prometheus would have read.
 */
async function sampleMetrics(instances) {
  const ports = {
    gateway: PORT + 10 + instances,
    'cart-api': CART_API_PORT + 20 + instances,
    'identity-api': IDENTITY_PORT + 10 + instances,
  };
  const lines = [];
  for (const [service, port] of Object.entries(ports)) {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    if (!response.ok) {
      lines.push(`${service}: /metrics answered ${response.status}`);
      continue;
    }
    const samples = (await response.text())
      .split('\n')
      .filter((line) => SAMPLED_METRICS.test(line))
      .map((line) => ({ line, value: Number(line.split(' ').at(-1)) }))
      .filter(({ value }) => value > 0)
      .sort((a, b) => b.value - a.value);
    lines.push(...samples.slice(0, 12).map(({ line }) => line));
  }
  return lines;
}

/** Jobs at the end: each ran once (attempts 1, done), and the e-mails match them one to one. */
async function jobsAndMail(dataDir, tally) {
  const jobs = await withDatabase(`${prefix}_cart`, async (client) => {
    const { rows } = await client.query(
      'SELECT kind, state, attempts, count(*)::int AS n FROM job GROUP BY kind, state, attempts ORDER BY kind, state, attempts',
    );
    return rows;
  });
  const outbox = join(dataDir, 'outbox');
  const mails = existsSync(outbox)
    ? readdirSync(outbox)
        .filter((name) => name.endsWith('.eml'))
        .map((name) => readFileSync(join(outbox, name), 'utf8'))
    : [];
  const header = (mail, name) =>
    new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'mi').exec(mail)?.[1]?.replace(/\r?\n[ \t]/g, ' ') ?? '';
  const sentDocuments = mails.filter((mail) => header(mail, 'Subject').startsWith('Your POP documents'));
  const reminders = mails.filter((mail) => /reminder|renew/i.test(header(mail, 'Subject')));
  const reminderKeys = reminders.map((mail) => `${header(mail, 'Subject')} → ${header(mail, 'To')}`);
  const duplicateReminders = reminderKeys.length - new Set(reminderKeys).size;
  const sendJobs = jobs.filter((row) => row.kind === 'send-documents');
  const doneOnce = sendJobs
    .filter((row) => row.state === 'done' && row.attempts === 1)
    .reduce((sum, row) => sum + row.n, 0);
  const other = sendJobs.filter((row) => !(row.state === 'done' && row.attempts === 1));
  const retriedJobs = jobs.filter((row) => row.attempts > 1);
  // Not vacuous: the run must have asked for sends and sent reminders (the demo has some due).
  const ok =
    tally.sends > 0 &&
    reminders.length > 0 &&
    tally.sends === doneOnce &&
    sentDocuments.length === tally.sends &&
    other.length === 0 &&
    duplicateReminders === 0 &&
    retriedJobs.length === 0;
  return {
    ok,
    jobs,
    detail: `${tally.sends} Send to Self asked, ${doneOnce} send jobs done at their first attempt, ${sentDocuments.length} such e-mails; ${reminders.length} reminder e-mails, ${duplicateReminders} duplicated; jobs run more than once: ${retriedJobs.reduce((sum, row) => sum + row.n, 0)}`,
  };
}

async function soak(instances) {
  await dropDatabases();
  sendsAsked.clear();
  const dataDir = mkdtempSync(join(tmpdir(), `soak-${instances}-`));
  const single = instances === 'stack';
  console.log(
    `\n${single ? 'the single-process stack (pnpm start)' : `${instances} of each service`}: starting (${dataDir}) …`,
  );
  const { cluster, logFile } = await startTarget(instances, dataDir);
  const tally = newTally();
  const checks = [];
  try {
    const people = Array.from({ length: clients }, (_, index) => new Client(index));
    // One sign-in per account at a time: identity-api counts an attempt before it checks the password,
    // so five at once of one account lock it (its defence against parallel guessing).
    for (let i = 0; i < people.length; i += accounts.length) {
      await Promise.all(people.slice(i, i + accounts.length).map((client) => client.signIn()));
    }
    let entry = (await (await fetch(`${origin}/remotes.json`)).json()).remotes[0].entry;
    const refreshEntry = setInterval(async () => {
      try {
        entry = (await (await fetch(`${origin}/remotes.json`)).json()).remotes[0].entry;
      } catch {
        // kept: the next tick reads it again
      }
    }, 5_000);
    const started = Date.now();
    const until = started + seconds * 1000;
    console.log(`${clients} clients signed in; ${seconds} s of load …`);
    const load = Promise.all(people.map((client) => userLoop(client, tally, until, () => entry)));

    const events = [];
    if (instances >= 2) {
      const at = (fraction) => sleep(Math.max(0, started + fraction * seconds * 1000 - Date.now()));
      const order = [];
      for (let n = 1; n <= 2; n += 1) {
        order.push([`identity-api-${n}`, `http://127.0.0.1:${IDENTITY_PORT + 10 + n}/readyz`]);
        order.push([`cart-api-${n}`, `http://127.0.0.1:${CART_API_PORT + 20 + n}/readyz`]);
        order.push([`gateway-${n}`, `http://127.0.0.1:${PORT + 10 + n}/readyz`]);
      }
      for (const [index, [name, url]] of order.entries()) {
        await at(0.08 + index * 0.1);
        const restarted = await restart(dataDir, name, url);
        events.push(
          `${((Date.now() - started) / 1000).toFixed(0)} s: ${name} stopped and back (pid ${restarted.pid} → ${restarted.restartedAs})`,
        );
        if (index === 2) {
          const release = await publishAndRollback(instances, dataDir);
          checks.push(['publish and rollback seen by every gateway', release.ok, release.detail]);
          events.push(`${((Date.now() - started) / 1000).toFixed(0)} s: ${release.detail}`);
        }
        if (index === 3) {
          const rotation = await rotateKeys(dataDir, until - 10_000);
          checks.push(['key rotation under load', rotation.ok, rotation.detail]);
          events.push(`${((Date.now() - started) / 1000).toFixed(0)} s: keys rotated: ${rotation.detail}`);
        }
      }
    }
    await load;
    clearInterval(refreshEntry);
    const elapsed = (Date.now() - started) / 1000;

    // Every session is still signed in, as the user it was.
    let kept = 0;
    for (const client of people) {
      const response = await client.request('/bff/user');
      if (response.ok && (await response.json()).userId === client.user.userId) kept += 1;
    }
    // The queue drains what the last sends asked for before it is counted.
    await sleep(5_000);
    // The stack's queue is in SQLite: the exactly-once count is the cluster's (PostgreSQL).
    const exactlyOnce = single
      ? { ok: true, jobs: [], detail: 'not counted' }
      : await jobsAndMail(dataDir, tally);
    const metrics = single ? [] : await sampleMetrics(instances);
    checks.push([
      'no failed user request',
      tally.failed.length === 0,
      `${tally.failed.length} failed, ${tally.retried} reads retried once`,
    ]);
    checks.push([
      'no session lost',
      tally.lostSessions === 0 && kept === clients,
      `${kept} of ${clients} sessions kept, ${tally.lostSessions} answers 401`,
    ]);
    if (!single) checks.push(['every job ran exactly once', exactlyOnce.ok, exactlyOnce.detail]);
    for (const event of events) console.log(`  ${event}`);
    for (const failure of tally.failed.slice(0, 10)) console.log(`  failed: ${JSON.stringify(failure)}`);
    tally.latencies.sort((a, b) => a - b);
    return {
      instances,
      requests: tally.latencies.length,
      failed: tally.failed.length,
      retried: tally.retried,
      throughput: tally.latencies.length / elapsed,
      p50: percentile(tally.latencies, 50),
      p99: percentile(tally.latencies, 99),
      kept,
      checks,
      jobs: exactlyOnce.jobs,
      metrics,
    };
  } catch (error) {
    console.error(await tail(logFile, 60));
    throw error;
  } finally {
    await cluster.stop();
  }
}

const results = [];
for (const instances of instanceCounts) results.push(await soak(instances));

console.log(
  `\nsoak: ${clients} signed-in clients, ${seconds} s, access tokens of ${tokenTtlSeconds} s (${machineNote()})\n`,
);
printTable(
  [
    'instances of each service',
    'requests',
    'failed',
    'reads retried',
    'throughput',
    'p50',
    'p99',
    'sessions kept',
  ],
  results.map((r) => [
    r.instances === 'stack' ? 'single process (pnpm start: SQLite, no balancer)' : `${r.instances} (cluster)`,
    String(r.requests),
    String(r.failed),
    String(r.retried),
    `${r.throughput.toFixed(0)} req/s`,
    `${r.p50.toFixed(0)} ms`,
    `${r.p99.toFixed(0)} ms`,
    `${r.kept} / ${clients}`,
  ]),
);
let failed = false;
for (const r of results) {
  console.log(
    `\n${r.instances === 'stack' ? 'single process' : `${r.instances} of each`}: jobs ${r.jobs.map((j) => `${j.kind} ${j.state} ×${j.n} (attempts ${j.attempts})`).join('; ')}`,
  );
  console.log(`  /metrics at the end (each service's last instance; the busiest series):`);
  for (const line of r.metrics) console.log(`    ${line}`);
  for (const [name, ok, detail] of r.checks) {
    console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
    if (!ok) failed = true;
  }
}
process.exit(failed ? 1 : 0);
