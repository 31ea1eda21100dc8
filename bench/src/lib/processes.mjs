import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { repoRoot } from './paths.mjs';

/** Ports the benchmarks may use (shared machine: other people's servers live elsewhere). */
export function assertBenchPort(port) {
  if (!((port >= 3700 && port <= 3799) || (port >= 4700 && port <= 4799))) {
    throw new Error(`port ${port} is outside 3700-3799 / 4700-4799`);
  }
}

/**
 * Starts `node <script>` from the repository root with its output in `logFile`. `stop()` sends
 * SIGTERM to that one pid (the stack script stops its own children), then SIGKILL after 10 s.
 */
export function startNode(script, { env, logFile }) {
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(process.execPath, [script], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    pid: child.pid,
    exited,
    running: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      log.end();
    },
  };
}

/** Polls `url` until it answers 200, the process dies, or `timeoutMs` passes. */
export async function waitForHealth(url, processes, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (processes.some((p) => !p.running())) throw new Error(`a process stopped before ${url} was healthy`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet, or not answering
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} was not healthy within ${timeoutMs / 1000} s`);
}

/** The last lines of a log, for the error message when something did not start. */
export async function tail(logFile, lines = 30) {
  try {
    return (await readFile(logFile, 'utf8')).split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** Runs `cleanup` once on normal exit, failure, Ctrl+C or SIGTERM. */
export function onShutdown(cleanup) {
  let done;
  const once = () => (done ??= cleanup());
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping`);
      once().finally(() => process.exit(130));
    });
  }
  return once;
}

/**
 * Starts the real stack (`gateway/scripts/stack.mjs`, as `pnpm start` does) on the given ports and
 * data folder, logging to `logFile`. Development mode, for the demo accounts; nothing logged below warn
 * (request logging would measure pino and the pipe, not the gateway).
 */
export function startStack({ gatewayPort, identityPort, cartApiPort, dataDir, logFile, env = {} }) {
  return startNode('gateway/scripts/stack.mjs', {
    logFile,
    env: {
      PORT: String(gatewayPort),
      HOST: '127.0.0.1',
      IDENTITY_PORT: String(identityPort),
      CART_API_PORT: String(cartApiPort),
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
}
