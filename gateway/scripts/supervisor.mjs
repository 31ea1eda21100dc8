// The process supervisor of `pnpm start` (stack.mjs) and `pnpm start:cluster` (cluster.mjs): runs each
// service as a child, starts one that stops on its own (a crash, an out-of-memory kill) again after a
// backoff while the others keep running, keeps its pid in `<pidDir>/<name>.pid` (operators and the e2e
// fault journey read it), and stops them all on SIGINT/SIGTERM: a SIGTERM each, so every service drains
// its requests and lets its jobs under way finish (service-kit serve()), and a SIGKILL for one that overruns
// `stopTimeoutMs` (past a service's own bound: SHUTDOWN_GRACE_MS + SHUTDOWN_TIMEOUT_MS, then its exit).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Waits before restart attempt n (0, 1, …): 0.5 s, 1 s, 2 s … up to 30 s. */
export const backoffMs = (attempt) => Math.min(30_000, 500 * 2 ** Math.min(attempt, 6));
/** A service that ran this long before it stopped starts over from the shortest wait. */
const STABLE_AFTER_MS = 30_000;

/**
 * @param {{ cwd: string, env: NodeJS.ProcessEnv, pidDir: string, stopTimeoutMs?: number,
 *   log?: (line: string) => void }} options
 */
export function supervisor({ cwd, env, pidDir, stopTimeoutMs = 25_000, log = console.error }) {
  /** The running child of each service, by name (replaced when the supervisor restarts one). */
  const children = new Map();
  let stopping = false;
  mkdirSync(pidDir, { recursive: true });

  /** Runs `command args` as the service `name`, with `extraEnv` over the supervisor's environment. */
  function start(name, command, args, extraEnv = {}, attempt = 0) {
    const startedAt = Date.now();
    const child = spawn(command, args, {
      cwd,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...env, ...extraEnv },
    });
    children.set(name, child);
    if (child.pid !== undefined) writeFileSync(join(pidDir, `${name}.pid`), String(child.pid));
    child.on('error', (error) => log(`supervisor: ${name} could not start: ${error.message}`));
    child.on('exit', (code, signal) => {
      if (stopping) return;
      const next = Date.now() - startedAt >= STABLE_AFTER_MS ? 0 : attempt + 1;
      const wait = backoffMs(next);
      log(`supervisor: ${name} stopped (${signal ?? code}); restarting it in ${wait} ms`);
      setTimeout(() => {
        if (!stopping) start(name, command, args, extraEnv, next);
      }, wait);
    });
  }

  /** SIGTERM to every service, then exits with `exitCode` once all are gone (SIGKILL past the bound). */
  function stop(exitCode) {
    if (stopping) return;
    stopping = true;
    const running = [...children.values()].filter(
      (child) => child.exitCode === null && child.signalCode === null,
    );
    for (const child of running) child.kill('SIGTERM');
    setTimeout(() => {
      for (const child of running)
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      process.exit(exitCode);
    }, stopTimeoutMs).unref();
    Promise.all(running.map((child) => new Promise((done) => child.once('exit', done)))).then(() =>
      process.exit(exitCode),
    );
  }

  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  return { start, stop, children };
}

/** Polls `url` until it answers 2xx or `timeoutMs` passes; true when it did. */
export async function waitForHealth(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  return false;
}

/**
 * A step before the services run (a build, a migration, a publish): `run(command, args, extraEnv)`
 * runs it in the foreground and ends the launcher with its exit code when it fails.
 */
export function stepRunner({ cwd, env, label }) {
  return (command, args, extraEnv = {}) => {
    const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...env, ...extraEnv } });
    if (result.status !== 0) {
      console.error(`${label}: "${command} ${args.join(' ')}" failed`);
      process.exit(result.status ?? 1);
    }
  };
}
