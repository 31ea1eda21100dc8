#!/usr/bin/env node
// Every package's `test`: Jest as native ESM (vm modules), from the package's folder, with its own
// arguments. Jest only warns when a worker had to be killed at the end ("failed to exit gracefully") or
// when it could not exit itself: that is a leaked server, pool, timer or socket, so the run fails here.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// jest's exports name no bin/: find its folder by its package.json.
const jest = join(dirname(createRequire(import.meta.url).resolve('jest/package.json')), 'bin/jest.js');
const LEAKS = [/A worker process has failed to exit gracefully/, /Jest did not exit one second after/];

const child = spawn(
  process.execPath,
  ['--experimental-vm-modules', '--no-warnings', jest, ...process.argv.slice(2)],
  {
    stdio: ['inherit', 'inherit', 'pipe'],
    env: process.stderr.isTTY ? { FORCE_COLOR: '1', ...process.env } : process.env,
  },
);

let leaked = false;
let tail = '';
child.stderr.on('data', (chunk) => {
  process.stderr.write(chunk);
  // Jest writes its warnings whole, but a chunk may end mid-line: keep the last line for the next one.
  const text = tail + chunk.toString('utf8');
  if (LEAKS.some((leak) => leak.test(text))) leaked = true;
  tail = text.slice(text.lastIndexOf('\n') + 1);
});

child.on('exit', (code, signal) => {
  if (leaked && code === 0) {
    console.error(
      '\nA test left something open (see the warning above): close its servers, pools, timers and sockets.',
    );
    process.exit(1);
  }
  process.exit(code ?? (signal ? 1 : 0));
});
