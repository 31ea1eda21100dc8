#!/usr/bin/env node
// The e2e web server: a real SMTP sink (smtp-server) that keeps every message as an .eml file in
// $E2E_DATA_DIR/mail-sink, then the same stack as `pnpm start`, told to send its mail there.
// The journeys read passcodes from those files, as a person reads their inbox.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';

const dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) throw new Error('E2E_DATA_DIR is required');
const smtpPort = Number(process.env.E2E_SMTP_PORT);
const mailDir = join(dataDir, 'mail-sink');
mkdirSync(mailDir, { recursive: true });

let received = 0;
const sink = new SMTPServer({
  // Plain SMTP on loopback: no TLS certificate to trust, no login.
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  logger: false,
  onData(stream, _session, done) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      received += 1;
      const name = `${Date.now()}-${String(received).padStart(4, '0')}.eml`;
      writeFileSync(join(mailDir, name), Buffer.concat(chunks));
      done();
    });
  },
});
await new Promise((ready, fail) => {
  sink.once('error', fail);
  sink.listen(smtpPort, '127.0.0.1', ready);
});

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const stack = spawn('node', [join(root, 'gateway/scripts/stack.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
});
const stop = () => stack.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
stack.on('exit', (code) => {
  sink.close(() => process.exit(code ?? 0));
});
