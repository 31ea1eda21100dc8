import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { documentForm } from '../helpers/documents.js';
import { seededTestApp } from '../helpers/parties.js';
import { documentRow } from '../helpers/rows.js';

/** The clock of these tests: 60 days before the plan year of the due documents ends (in New York). */
const NOW = new Date('2027-03-02T15:00:00Z');
const DUE_END = '2027-05-01';
let clock = NOW;

/**
 * The reminders (issue 11 "Jobs and reminders"): the daily scan sends the renewal reminder 60 days
 * before a Paid document's plan year ends and the testing reminder 90 days before when no test was
 * taken, each with its action item, once per document and plan year — across runs and instances.
 */
describe('the renewal and testing reminders', () => {
  const suite = seededTestApp(undefined, { now: () => clock });
  // The messages as a reader sees them: quoted-printable bodies decoded.
  const outbox = async () => {
    const files = (await readdir(suite.ctx.outboxDir).catch(() => [])).sort();
    const mails = await Promise.all(files.map((file) => readFile(join(suite.ctx.outboxDir, file), 'utf8')));
    return mails.map((mail) =>
      mail
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
  };
  const scan = async () => {
    await suite.ctx.app.jobs.enqueueReminderScan();
    return suite.ctx.app.jobs.runner.runDue();
  };
  const itemsOf = (documentId: string) =>
    suite.ctx.db
      .selectFrom('action_item')
      .select(['item_type', 'user_id', 'description'])
      .where('json', 'like', `%${documentId}%`)
      .orderBy('item_type')
      .execute();

  async function documentEnding(planYearEnd: string, overrides: Parameters<typeof documentRow>[2] = {}) {
    const { records } = suite.parties;
    const form = documentForm({
      clientCompanyName: `Reminded ${randomUUID().slice(0, 6)}`,
      primaryEmail: 'owner@reminded.test',
      benefitContactEmail: 'hr@reminded.test',
    });
    const row = documentRow(records.brokerA.userId, records.brokerA.companyId, {
      json: JSON.stringify(form),
      plan_year_start: '2026-05-02',
      plan_year_end: planYearEnd,
      ...overrides,
    });
    await suite.ctx.db.insertInto('epop_document').values(row).execute();
    return { documentId: row.document_id, company: String(form.clientCompanyName) };
  }

  it('sends one renewal and one testing reminder at 60 days, with their action items, and never again', async () => {
    const due = await documentEnding(DUE_END);
    const later = await documentEnding('2027-06-15'); // 105 days: neither reminder yet
    const before = (await outbox()).length;
    // The day's scan, then one e-mail job per reminder.
    expect(await scan()).toBe(3);

    const mails = (await outbox()).slice(before);
    expect(mails).toHaveLength(2);
    const renewal = mails.find((mail) => mail.includes('Subject: Time to renew your POP document'))!;
    expect(renewal).toContain('To: owner@reminded.test, hr@reminded.test');
    expect(renewal).toContain(`/document/${due.documentId}/renew`);
    expect(renewal).toContain('05/01/2027');
    const testing = mails.find((mail) => mail.includes('Subject: Non-discrimination testing reminder'))!;
    expect(testing).toContain(`/document/${due.documentId}/ndt`);

    const { brokerA } = suite.parties.accounts;
    expect(await itemsOf(due.documentId)).toEqual([
      {
        item_type: 'pop-document-ndt',
        user_id: brokerA.userId,
        description: expect.stringContaining(due.company),
      },
      {
        item_type: 'pop-document-renewal',
        user_id: brokerA.userId,
        description: expect.stringContaining('05/01/2027'),
      },
    ]);
    expect(await itemsOf(later.documentId)).toEqual([]);

    // The same day again, and the next days: nothing more for that plan year.
    expect(await scan()).toBe(0);
    clock = new Date(NOW.getTime() + 86_400_000);
    expect(await scan()).toBe(1);
    expect((await outbox()).length).toBe(before + 2);
    expect(await itemsOf(due.documentId)).toHaveLength(2);
    clock = NOW;
  });

  it('runs once however many instances scan at the same moment', async () => {
    clock = new Date('2027-03-10T15:00:00Z');
    const due = await documentEnding('2027-05-09');
    const config = loadConfig({
      DATABASE_URL: suite.ctx.databaseUrl,
      OUTBOX_DIR: suite.ctx.outboxDir,
      JOBS_POLL_MS: '0',
      NODE_ENV: 'test',
      PAYMENT_GATEWAY: 'sandbox',
    });
    const second = await buildApp(config, { logger: false, identity: suite.ctx.identity, now: () => clock });
    try {
      const before = (await outbox()).length;
      await Promise.all([suite.ctx.app.jobs.enqueueReminderScan(), second.jobs.enqueueReminderScan()]);
      await Promise.all([suite.ctx.app.jobs.runner.runDue(), second.jobs.runner.runDue()]);
      expect((await outbox()).length - before).toBe(2);
      expect(await itemsOf(due.documentId)).toHaveLength(2);
    } finally {
      await second.close();
      clock = NOW;
    }
  });

  it('skips what is not due: a renewed, an inactive or an unpaid document, and a testing reminder once tested', async () => {
    clock = new Date('2027-03-20T15:00:00Z');
    const end = '2027-05-19';
    const renewed = await documentEnding(end);
    const { records } = suite.parties;
    await suite.ctx.db
      .insertInto('epop_document')
      .values(
        documentRow(records.brokerA.userId, records.brokerA.companyId, {
          original_document_id: renewed.documentId,
          plan_year_start: '2027-05-20',
          plan_year_end: '2028-05-19',
        }),
      )
      .execute();
    const inactive = await documentEnding(end, { status: 'Inactive', active: 0 });
    const unpaid = await documentEnding(end, { status: 'Unpaid' });
    const tested = await documentEnding(end);
    const taken = await suite.ctx.send(
      suite.parties.accounts.brokerA,
      'POST',
      `/epop-document/${tested.documentId}/non-discrimination`,
      { ndtAnswer1: true, ndtAnswer2: true, ndtAnswer3: true, ndtAnswer4: true },
    );
    expect(taken.statusCode).toBe(200);
    await scan();
    expect((await itemsOf(renewed.documentId)).map((item) => item.item_type)).toEqual(['pop-document-ndt']);
    expect(await itemsOf(inactive.documentId)).toEqual([]);
    expect(await itemsOf(unpaid.documentId)).toEqual([]);
    expect((await itemsOf(tested.documentId)).map((item) => item.item_type)).toEqual([
      'pop-document-renewal',
    ]);
    clock = NOW;
  });
});
