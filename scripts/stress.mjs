#!/usr/bin/env node
// `pnpm test:stress [--runs N] [-- command …]`: runs the unit suites (or the command given) while a CPU
// hog keeps every core busy, N times in a row (3 by default), stopping at the first failure. CI machines
// are shared: a test that passes only on a quiet machine fails here first. Prints each run's wall time.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
const dashes = args.indexOf('--');
const command = dashes >= 0 ? args.slice(dashes + 1) : ['pnpm', 'test:unit'];
if (!Number.isInteger(runs) || runs < 1 || command.length === 0) {
  console.error('usage: pnpm test:stress [--runs N] [-- command …]');
  process.exit(2);
}

// One busy process per core, at the tests' own priority: they compete for every cycle.
const hogs = Array.from({ length: availableParallelism() }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
const stopHogs = () => hogs.forEach((hog) => hog.kill('SIGKILL'));
process.on('exit', stopHogs);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

const run = () =>
  new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const times = [];
for (let n = 1; n <= runs; n += 1) {
  console.log(`\n== stress run ${n}/${runs} with ${hogs.length} busy cores: ${command.join(' ')}`);
  const started = Date.now();
  const code = await run();
  times.push(`${Math.round((Date.now() - started) / 1000)} s`);
  if (code !== 0) {
    console.log(`\n== stress run ${n}/${runs} failed (exit ${code}) after ${times.at(-1)}`);
    process.exit(code);
  }
}
console.log(`\n== ${runs} stress run(s) passed, wall times: ${times.join(', ')}`);
// The hogs are child processes that keep the event loop alive: exit (which stops them) explicitly.
process.exit(0);
