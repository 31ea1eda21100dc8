import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { documentForm } from '../helpers/documents.js';
import { seededTestApp, snapshot } from '../helpers/parties.js';
import { documentRow } from '../helpers/rows.js';

const SENDING = 'Document is sending and should arrive in your email shortly';

/**
 * Send to Self and Send to All (issue 11): the request answers at once; a `send-documents` job makes
 * the three PDFs, archives them and queues one e-mail per distinct address, which the worker sends.
 * Nothing is lost when the service stops between the request and the send.
 */
describe('POST /epop-document/:documentId/email/send-self|send-all', () => {
  const suite = seededTestApp();
  const outbox = async () => {
    const files = (await readdir(suite.ctx.outboxDir).catch(() => [])).sort();
    return Promise.all(files.map((file) => readFile(join(suite.ctx.outboxDir, file), 'utf8')));
  };
  // Long header lines are folded onto the next line (RFC 5322): unfold before reading them.
  const attachmentsOf = (mail: string) =>
    [
      ...mail
        .replace(/\r?\n[ \t]+/g, ' ')
        .matchAll(/Content-Disposition: attachment;\s+filename="?([^"\n]+)"?/g),
    ].map((match) => match[1]);
  const recipientOf = (mail: string) => /^To: (.+)$/m.exec(mail)?.[1];

  async function paidDocument(status: 'Paid' | 'Unpaid' = 'Paid') {
    const { records } = suite.parties;
    const form = documentForm({
      clientCompanyName: 'Harbor Lights Cafe',
      primaryEmail: 'owner@harbor.test',
      alternateEmail1: 'OWNER@harbor.test',
      alternateEmail2: 'books@harbor.test',
      benefitContactEmail: 'hr@harbor.test',
      additionalContactEmail1: 'hr@harbor.test',
      additionalContactEmail2: '',
    });
    const row = documentRow(records.brokerA.userId, records.brokerA.companyId, {
      status,
      json: JSON.stringify(form),
    });
    await suite.ctx.db.insertInto('epop_document').values(row).execute();
    return row.document_id;
  }

  it('Send to All answers at once and, after a restart, e-mails each distinct address the three PDFs', async () => {
    const { brokerA } = suite.parties.accounts;
    const documentId = await paidDocument();
    const before = (await outbox()).length;
    const answer = await suite.ctx.send(brokerA, 'POST', `/epop-document/${documentId}/email/send-all`, {});
    expect(answer.json()).toEqual({ message: SENDING, recipients: 3 });
    // Nothing is sent by the request itself: the job waits in the database (no worker runs here).
    expect(await outbox()).toHaveLength(before);

    // A new process on the same database (the service restarted) runs what is due.
    const restarted = await buildApp(
      loadConfig({
        DATABASE_URL: suite.ctx.databaseUrl,
        OUTBOX_DIR: suite.ctx.outboxDir,
        JOBS_POLL_MS: '0',
        NODE_ENV: 'test',
        PAYMENT_GATEWAY: 'sandbox',
      }),
      { logger: false, identity: suite.ctx.identity },
    );
    try {
      // The documents job, then one e-mail job per recipient.
      expect(await restarted.jobs.runner.runDue()).toBe(4);
    } finally {
      await restarted.close();
    }
    const mails = (await outbox()).slice(before);
    expect(mails.map(recipientOf).sort()).toEqual([
      'books@harbor.test',
      'hr@harbor.test',
      'owner@harbor.test',
    ]);
    for (const mail of mails) {
      expect(mail).toContain('Subject: Your POP documents: Harbor Lights Cafe');
      expect(mail).toContain('multipart/alternative');
      expect(attachmentsOf(mail)).toEqual([
        'Harbor Lights Cafe - Plan Document.pdf',
        'Harbor Lights Cafe - Summary Plan Description.pdf',
        'Harbor Lights Cafe - Resolution.pdf',
      ]);
    }
    // The generation is archived once, whatever the number of recipients.
    const archive = await suite.ctx.send(brokerA, 'GET', `/epop-document/${documentId}/archive`);
    expect(archive.json<{ name: string }[]>()).toHaveLength(3);
    // Run again: nothing more is sent.
    expect(await suite.ctx.app.jobs.runner.runDue()).toBe(0);
  });

  it('Send to Self e-mails the caller at the address identity-api knows', async () => {
    const { brokerA } = suite.parties.accounts;
    suite.ctx.identity.add({ userId: brokerA.userId, email: 'broker.a@agency.test', role: 'broker' });
    const documentId = await paidDocument();
    const before = (await outbox()).length;
    const answer = await suite.ctx.send(brokerA, 'POST', `/epop-document/${documentId}/email/send-self`, {});
    expect(answer.json()).toEqual({ message: SENDING, recipients: 1 });
    expect(await suite.ctx.app.jobs.runner.runDue()).toBe(2);
    const mails = (await outbox()).slice(before);
    expect(mails.map(recipientOf)).toEqual(['broker.a@agency.test']);
    expect(attachmentsOf(mails[0]!)).toHaveLength(3);
  });

  it('retries a send that failed, without sending anyone twice', async () => {
    const { brokerA } = suite.parties.accounts;
    const documentId = await paidDocument();
    const before = (await outbox()).length;
    const mailer = suite.ctx.app.mailer;
    const send = mailer.send.bind(mailer);
    let failures = 1;
    mailer.send = async (message) => {
      if (failures > 0 && message.to === 'hr@harbor.test') {
        failures -= 1;
        throw new Error('mail server unavailable');
      }
      return send(message);
    };
    try {
      await suite.ctx.send(brokerA, 'POST', `/epop-document/${documentId}/email/send-all`, {});
      await suite.ctx.app.jobs.runner.runDue();
      expect((await outbox()).slice(before).map(recipientOf).sort()).toEqual([
        'books@harbor.test',
        'owner@harbor.test',
      ]);
      const failed = await suite.ctx.db
        .selectFrom('job')
        .select(['state', 'attempts', 'last_error', 'due_at'])
        .where('state', '=', 'pending')
        .where('kind', '=', 'send-email')
        .execute();
      expect(failed).toEqual([
        expect.objectContaining({ state: 'pending', last_error: 'mail server unavailable' }),
      ]);
      // Due again after its backoff.
      await suite.ctx.db
        .updateTable('job')
        .set({ due_at: new Date(0).toISOString() })
        .where('state', '=', 'pending')
        .execute();
      await suite.ctx.app.jobs.runner.runDue();
    } finally {
      mailer.send = send;
    }
    expect((await outbox()).slice(before).map(recipientOf).sort()).toEqual([
      'books@harbor.test',
      'hr@harbor.test',
      'owner@harbor.test',
    ]);
  });

  it('refuses an unpaid document (400) and another’s (404), queueing nothing', async () => {
    const { brokerA, brokerB } = suite.parties.accounts;
    const unpaid = await paidDocument('Unpaid');
    const paid = await paidDocument();
    const before = await snapshot(suite.ctx.db);
    const refused = await suite.ctx.send(brokerA, 'POST', `/epop-document/${unpaid}/email/send-all`, {});
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      { message: 'This document must be purchased before it can be sent' },
    ]);
    expect(
      (await suite.ctx.send(brokerB, 'POST', `/epop-document/${paid}/email/send-self`, {})).statusCode,
    ).toBe(404);
    expect(await snapshot(suite.ctx.db)).toEqual(before);
  });
});
