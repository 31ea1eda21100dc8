#!/usr/bin/env node
// Runs shell commands at the same time and fails when one of them fails: `node scripts/parallel.mjs
// 'eslint .' 'prettier --check .'`. Each command's output is printed whole once it ends (never
// interleaved with another's), with the command and its time. For `pnpm lint`: ESLint and Prettier
// each use one core, and CI's machine has two.
import { spawn } from 'node:child_process';

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error("usage: node scripts/parallel.mjs '<command>' ['<command>' …]");
  process.exit(2);
}

const run = (command) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, {
      shell: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: process.stdout.isTTY ? { FORCE_COLOR: '1', ...process.env } : process.env,
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString('utf8');
      const failed = code !== 0;
      if (failed || text.trim())
        process.stdout.write(`> ${command}\n${text}${text.endsWith('\n') ? '' : '\n'}`);
      if (failed) console.error(`✗ ${command}: ${signal ?? `exit code ${code}`} after ${seconds} s`);
      resolve(!failed);
    });
  });

const results = await Promise.all(commands.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
