#!/usr/bin/env node
// The e2e web server: a real SMTP sink (smtp-server) that keeps every message as an .eml file in
// $E2E_DATA_DIR/mail-sink, the fake Authorize.Net (cart-api's payment processor in the journeys), then
// the same stack as `pnpm start`, told to send its mail there and to pay through the fake.
// The journeys read passcodes from those files, as a person reads their inbox.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
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
const stackScript = join(root, 'gateway/scripts/stack.mjs');
const payments = await startProcessor();
const stack = spawn('node', [stackScript], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, ...payments.env },
});
const stop = () => stack.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
stack.on('exit', (code) => {
  void payments.close().then(() => sink.close(() => process.exit(code ?? 0)));
});

/**
 * The journeys pay through cart-api's Authorize.Net adapter against the fake processor (cart-api
 * README "Payments"), whose triggers are the sandbox's: E2E_PAYMENT_GATEWAY=sandbox runs them on the
 * in-process sandbox instead. The fake is cart-api's build (src/payments/authorize-net/fake/), so the
 * stack's builds run first; an eCheck settles after PAYMENT_SANDBOX_SETTLE_MS, as in the sandbox.
 */
async function startProcessor() {
  if (process.env.E2E_PAYMENT_GATEWAY === 'sandbox') {
    return { env: { PAYMENT_GATEWAY: 'sandbox' }, close: async () => {} };
  }
  const built = spawnSync('node', [stackScript], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, STACK_BUILD_ONLY: '1' },
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
  const fakeModule = join(root, 'cart-api/dist/payments/authorize-net/fake/server.js');
  const { startFakeAuthorizeNet } = await import(pathToFileURL(fakeModule).href);
  const account = {
    apiLoginId: process.env.E2E_AUTHORIZE_NET_LOGIN_ID,
    transactionKey: process.env.E2E_AUTHORIZE_NET_TRANSACTION_KEY,
  };
  const fake = await startFakeAuthorizeNet({
    ...account,
    port: Number(process.env.E2E_AUTHORIZE_NET_PORT),
    settleAfterMs: Number(process.env.PAYMENT_SANDBOX_SETTLE_MS ?? 120_000),
  });
  return {
    env: {
      PAYMENT_GATEWAY: 'authorize-net',
      AUTHORIZE_NET_API_LOGIN_ID: account.apiLoginId,
      AUTHORIZE_NET_TRANSACTION_KEY: account.transactionKey,
      AUTHORIZE_NET_ENDPOINT: fake.url,
      // A real processor's pending payments are asked about hourly by default; the journeys keep the
      // sandbox's pace (cart-api README "Payments").
      PAYMENT_SETTLEMENT_CHECK_MS: process.env.PAYMENT_SETTLEMENT_CHECK_MS ?? '60000',
    },
    close: () => fake.close(),
  };
}
