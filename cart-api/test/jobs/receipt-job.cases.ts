import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { runCommand } from '../../src/commands.js';
import { seededTestApp, type Account } from '../helpers/parties.js';
import { buyNewDocument } from '../helpers/payments.js';

/**
 * The receipt e-mail is a job of the order's transaction: with no background worker (the tests'
 * JOBS_POLL_MS=0, like a service stopped before it ran) it waits in the database, and the operator's
 * `run-jobs` sends it: nothing is lost on a restart.
 */
describe('the receipt e-mail as a job', () => {
  const suite = seededTestApp();
  const outbox = async () => {
    const files = await readdir(suite.ctx.outboxDir).catch(() => []);
    return Promise.all(files.map((file) => readFile(join(suite.ctx.outboxDir, file), 'utf8')));
  };

  it('is kept with the order and sent by run-jobs, once', async () => {
    const buyer: Account = { userId: randomUUID(), roles: ['broker'] };
    suite.ctx.identity.add({ userId: buyer.userId, email: 'kept@buyer.test', role: 'broker' });
    const paid = await buyNewDocument(suite.ctx, buyer, 'Kept Receipt Co');
    const { orderId, orderNumber } = paid.json<{ orderId: string; orderNumber: string }>();
    expect(await suite.ctx.db.selectFrom('job').select(['kind', 'state', 'payload']).execute()).toEqual([
      { kind: 'send-receipt', state: 'pending', payload: JSON.stringify({ orderId }) },
    ]);
    expect(await outbox()).toEqual([]);

    const lines: string[] = [];
    const output = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
    const env = { DATABASE_URL: suite.ctx.databaseUrl, OUTBOX_DIR: suite.ctx.outboxDir };
    expect(await runCommand('run-jobs', env, output)).toBe(0);
    // The receipt, and the day's reminder scan the command queues (no document is due a reminder).
    expect(lines).toContain('jobs run: 2');
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`Subject: Your POP Documents receipt, order ${orderNumber}`);
    expect(mails[0]).toContain('To: kept@buyer.test');
    expect(await runCommand('run-jobs', env, output)).toBe(0);
    expect(lines.at(-1)).toBe('jobs run: 0');
    expect(await outbox()).toHaveLength(1);
  });
});
