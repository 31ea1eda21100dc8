import autocannon from 'autocannon';

/** Loopback only: the benchmarks never send load anywhere else. */
function assertLoopback(url) {
  const { hostname } = new URL(url);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(hostname)) {
    throw new Error(`refusing to load ${hostname}: benchmarks run against loopback only`);
  }
}

function run(options) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const statuses = new Map();
    const instance = autocannon(options, (error, result) => {
      if (error) reject(error);
      else resolve({ result, latencies, statuses });
    });
    // autocannon's own summary has p50/p97.5/p99 but no p95: keep every response time (bounded by
    // the run's duration) and compute the percentiles ourselves.
    instance.on('response', (_client, statusCode, _bytes, responseTimeMs) => {
      latencies.push(responseTimeMs);
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    });
  });
}

/** The value below which `p` percent of the sorted values fall (nearest rank). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/**
 * Loads one GET with autocannon: a short warm-up (JIT, caches, connection pools), then the measured
 * run. Bounded in time (`durationSeconds`) and connections. Throws when any answer is not 2xx, so a
 * figure never comes from error pages.
 */
export async function measure({
  url,
  headers = {},
  connections = 10,
  durationSeconds = 10,
  warmupSeconds = 2,
}) {
  assertLoopback(url);
  const base = { url, method: 'GET', headers, connections, pipelining: 1, timeout: 10 };
  if (warmupSeconds > 0) await run({ ...base, duration: warmupSeconds });
  const { result, latencies, statuses } = await run({ ...base, duration: durationSeconds });
  const failed = [...statuses].filter(([status]) => status < 200 || status > 299);
  if (failed.length > 0 || result.errors > 0 || result.timeouts > 0) {
    const summary = failed.map(([status, n]) => `${n}× ${status}`).join(', ');
    throw new Error(
      `${url}: not all answers were 2xx (${summary || 'none'}; ${result.errors} errors, ${result.timeouts} timeouts)`,
    );
  }
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    requestsPerSecond: latencies.length / durationSeconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
  };
}

/**
 * Measures each scenario (`{ name, url, headers }`) in turn with `measure`, after one plain GET whose
 * answer (which must be 2xx) is kept as `body`, to say what the run measured (rows, pages).
 */
export async function measureEach(scenarios, { connections, durationSeconds }) {
  const measured = [];
  for (const scenario of scenarios) {
    const response = await fetch(scenario.url, { headers: scenario.headers });
    if (!response.ok) throw new Error(`${scenario.url}: ${response.status} ${await response.text()}`);
    const body = await response.json();
    const result = await measure({
      url: scenario.url,
      headers: scenario.headers,
      connections,
      durationSeconds,
    });
    console.log(`  ${scenario.name}: p50 ${result.p50.toFixed(2)} ms, p95 ${result.p95.toFixed(2)} ms`);
    measured.push({ ...scenario, body, result });
  }
  return measured;
}

/**
 * Times `count` requests one after another (after `warmup` untimed ones), for requests that cannot
 * repeat as they are (each purchase needs a full cart). For each: `prepare(i)` (untimed: refill,
 * new ids), then `send(prepared, i)` timed from its start until it resolves (it should read the whole
 * answer), then `check(answer, i)` (untimed: throws when the answer is wrong, so a figure never comes
 * from error pages). Loopback only: `url` is the base the requests go to. `i` < 0 during warm-up.
 */
export async function measureSequential({ url, count, warmup = 0, prepare = async () => {}, send, check }) {
  assertLoopback(url);
  const latencies = [];
  const started = performance.now();
  for (let i = -warmup; i < count; i++) {
    const prepared = await prepare(i);
    const sent = performance.now();
    const answer = await send(prepared, i);
    const ms = performance.now() - sent;
    await check(answer, i);
    if (i >= 0) latencies.push(ms);
  }
  const seconds = (performance.now() - started) / 1000;
  const measuredMs = latencies.reduce((sum, ms) => sum + ms, 0);
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    // Of the requests alone (not the untimed preparation between them): 1000 / mean latency.
    requestsPerSecond: (latencies.length * 1000) / measuredMs,
    seconds,
    mean: measuredMs / latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
  };
}
