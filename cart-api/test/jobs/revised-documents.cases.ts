import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { REVISED_DOCUMENTS_QUIET_MS } from '../../src/domain/documents/revised-mail.js';
import { buildTestApp, type TestContext } from '../helpers/build.js';
import { documentForm, planYearAfter } from '../helpers/documents.js';
import { seedParties, type Account, type Parties } from '../helpers/parties.js';
import { documentRow } from '../helpers/rows.js';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../helpers/smtp-sink.js';

const MINUTE = 60_000;
const FILES = ['Plan Document', 'Summary Plan Description', 'Resolution'];
/** Send to All's addresses: owner@ and hr@, each written twice. */
const ADDRESSES = {
  primaryEmail: 'owner@lantern.test',
  alternateEmail1: 'OWNER@lantern.test',
  alternateEmail2: '',
  benefitsContact: 'Pat Doe',
  benefitContactEmail: 'hr@lantern.test',
  additionalContactEmail1: 'Hr@Lantern.test',
  additionalContactEmail2: '',
};

/**
 * Revised documents e-mailed (the fee text's "Revised or duplicate documents emailed within 24 hours";
 * issue 23 item 5): a save that changes a Paid document's answers e-mails its three revised PDFs to
 * Send to All's recipients once the document has gone a quiet period without another edit, by a job
 * kept in the database. The service's clock is the test's (`now`); the e-mails go over SMTP to a sink.
 */
describe('revised documents e-mailed after an edit of a Paid document', () => {
  let sink: SmtpSink;
  let ctx: TestContext;
  let parties: Parties;
  let clock = new Date();
  const later = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    ctx = await buildTestApp({ SMTP_URL: sink.url }, undefined, { now: () => clock });
    parties = await seedParties(ctx.db);
    for (const account of Object.values(parties.accounts)) {
      ctx.identity.add({ userId: account.userId, role: account.roles[0]! });
    }
  });
  afterAll(async () => {
    await ctx?.close();
    await sink?.close();
  });

  /**
   * A Paid document of brokerA's client, made as compliance's Create Free Document makes it; its
   * addresses are two people written four ways.
   */
  async function paidDocument(company: string) {
    const { accounts, records } = parties;
    const answer = await ctx.send(accounts.compliance, 'POST', `/epop-document/${accounts.brokerA.userId}`, {
      ...documentForm({ ...ADDRESSES, ...planYearAfter(clock), clientCompanyName: company }),
      clientId: records.brokerA.companyId,
    });
    expect(answer.json()).toMatchObject({ status: 'Paid' });
    return answer.json<{ documentId: string }>().documentId;
  }

  async function save(account: Account, documentId: string, patch: object) {
    const answer = await ctx.send(account, 'POST', `/epop-document/${documentId}`, patch);
    expect([answer.statusCode, answer.json<{ documentId: string }>().documentId]).toEqual([200, documentId]);
  }

  /**
   * The revised documents' e-mails of `company` the sink received, by recipient: the files each names
   * (headers read as they are, long lines unfolded).
   */
  function revisedMails(company: string) {
    return sink.messages
      .flatMap((message) => {
        const raw = message.raw.toString('latin1').replace(/\r?\n[ \t]+/g, ' ');
        if (/^Subject: (.*)$/m.exec(raw)?.[1] !== `Your revised POP documents: ${company}`) return [];
        const files = [...raw.matchAll(/^Content-Disposition: attachment; filename="?([^"\r\n]+)"?/gm)];
        return [{ to: message.recipients.join(', '), files: files.map((file) => file[1]), message }];
      })
      .sort((a, b) => a.to.localeCompare(b.to));
  }

  /** One e-mail as its reader sees it: its text, and the text of each PDF by file name. */
  async function read(mail: { message: ReceivedMail }) {
    const [, text, , ...files] = await sink.read(mail.message);
    return {
      text: text!.text,
      files: Object.fromEntries(files.map((file) => [file.source.split(' › ').at(-1)!, file.text])),
    };
  }

  /** The document's revised-documents jobs: state, when due, what they answered. */
  const jobsOf = (documentId: string) =>
    ctx.db
      .selectFrom('job')
      .select(['state', 'due_at', 'result'])
      .where('kind', '=', 'send-revised-documents')
      .where('payload', 'like', `%${documentId}%`)
      .orderBy('due_at')
      .execute();

  const runDue = () => ctx.app.jobs.runner.runDue();

  it('e-mails the revised PDFs once to each distinct recipient, after the quiet period and not before', async () => {
    const documentId = await paidDocument('Lantern Bakery');
    await save(parties.accounts.brokerA, documentId, { benefitsContact: 'Robin Revised' });

    later(REVISED_DOCUMENTS_QUIET_MS - 1000);
    expect(await runDue()).toBe(0);
    expect(revisedMails('Lantern Bakery')).toEqual([]);

    later(1000);
    // The job, then one e-mail per distinct address (owner@ and hr@, whatever their case).
    expect(await runDue()).toBe(3);
    const mails = revisedMails('Lantern Bakery');
    expect(mails.map(({ to, files }) => ({ to, files }))).toEqual(
      ['hr@lantern.test', 'owner@lantern.test'].map((to) => ({
        to,
        files: FILES.map((file) => `Lantern Bakery - ${file}.pdf`),
      })),
    );
    const { text, files } = await read(mails[0]!);
    expect(text).toContain(
      'The Section 125 Premium Only Plan documents of Lantern Bakery have been revised.',
    );
    const description = files['Lantern Bakery - Summary Plan Description.pdf'];
    expect(description).toContain('Robin Revised');
    expect(description).not.toContain('Pat Doe');

    // Once: nothing more, however long after.
    later(24 * 60 * MINUTE);
    expect(await runDue()).toBe(0);
    expect(revisedMails('Lantern Bakery')).toHaveLength(2);
  });

  it('gives one e-mail per recipient for a burst of edits (compliance’s among them), with the last answers', async () => {
    const documentId = await paidDocument('Copper Kettle');
    const { brokerA, compliance } = parties.accounts;
    await save(brokerA, documentId, { benefitsContact: 'First Draft' });
    later(5 * MINUTE);
    await save(compliance, documentId, { benefitsContact: 'Second Draft' });
    later(5 * MINUTE);
    await save(brokerA, documentId, { benefitsContact: 'Final Contact' });
    // One job, due a quiet period after the last edit.
    const due = new Date(clock.getTime() + REVISED_DOCUMENTS_QUIET_MS).toISOString();
    expect(await jobsOf(documentId)).toEqual([{ state: 'pending', due_at: due, result: null }]);

    later(REVISED_DOCUMENTS_QUIET_MS - MINUTE);
    expect(await runDue()).toBe(0);
    later(MINUTE);
    expect(await runDue()).toBe(3);
    const mails = revisedMails('Copper Kettle');
    expect(mails.map((mail) => mail.to)).toEqual(['hr@lantern.test', 'owner@lantern.test']);
    const description = (await read(mails[1]!)).files['Copper Kettle - Summary Plan Description.pdf'];
    expect(description).toContain('Final Contact');
    expect(description).not.toMatch(/First Draft|Second Draft/);

    // An edit once the job has run is the next burst: a new job, not the finished one again.
    await save(brokerA, documentId, { benefitsContact: 'Next Contact' });
    expect((await jobsOf(documentId)).map((job) => job.state).sort()).toEqual(['done', 'pending']);
    later(REVISED_DOCUMENTS_QUIET_MS);
    expect(await runDue()).toBe(3);
    expect(revisedMails('Copper Kettle')).toHaveLength(4);
  });

  it('sends nothing for an unpaid document’s edit, nor for a document deactivated before the job runs', async () => {
    const { accounts, records } = parties;
    const unpaid = documentRow(records.brokerA.userId, records.brokerA.companyId, {
      status: 'Unpaid',
      json: JSON.stringify(documentForm({ ...ADDRESSES, clientCompanyName: 'Unpaid Diner' })),
    });
    await ctx.db.insertInto('epop_document').values(unpaid).execute();
    await save(accounts.compliance, unpaid.document_id, { benefitsContact: 'Robin Revised' });
    expect(await jobsOf(unpaid.document_id)).toEqual([]);

    const deactivated = await paidDocument('Closed Diner');
    await save(accounts.brokerA, deactivated, { benefitsContact: 'Robin Revised' });
    const off = await ctx.send(accounts.compliance, 'POST', `/epop-document/${deactivated}/deactivate`, {
      reason: 'Requested by the employer',
    });
    expect(off.json()).toMatchObject({ status: 'Inactive' });

    later(REVISED_DOCUMENTS_QUIET_MS);
    expect(await runDue()).toBe(1);
    expect(revisedMails('Closed Diner')).toEqual([]);
    expect(await jobsOf(deactivated)).toEqual([
      expect.objectContaining({ state: 'done', result: JSON.stringify({ skipped: 'document read-only' }) }),
    ]);
  });

  it('waits for Send to All’s window of the document: postponed, never failed nor dropped, sent once', async () => {
    const documentId = await paidDocument('Busy Mailer');
    const { brokerA } = parties.accounts;
    const start = clock.getTime();
    const at = (minutes: number) => new Date(start + minutes * MINUTE).toISOString();
    await save(brokerA, documentId, { benefitsContact: 'First Revision' });
    // Three Send to All in the next minutes fill the document's window (3 an hour) until minute 61.
    for (let sent = 0; sent < 3; sent++) {
      later(MINUTE);
      const answer = await ctx.send(brokerA, 'POST', `/epop-document/${documentId}/email/send-all`, {});
      expect(answer.statusCode).toBe(200);
    }

    later(REVISED_DOCUMENTS_QUIET_MS - 3 * MINUTE);
    await runDue();
    expect(revisedMails('Busy Mailer')).toEqual([]);
    expect(await jobsOf(documentId)).toEqual([
      { state: 'done', due_at: at(15), result: JSON.stringify({ postponed: at(61) }) },
      { state: 'pending', due_at: at(61), result: null },
    ]);

    // An edit meanwhile moves the waiting job as any edit does; refused again, it waits for the room.
    later(5 * MINUTE);
    await save(brokerA, documentId, { benefitsContact: 'Last Revision' });
    later(REVISED_DOCUMENTS_QUIET_MS);
    await runDue();
    expect(revisedMails('Busy Mailer')).toEqual([]);
    expect((await jobsOf(documentId)).map((job) => [job.state, job.due_at])).toEqual([
      ['done', at(15)],
      ['done', at(35)],
      ['pending', at(61)],
    ]);

    later(26 * MINUTE - 1000);
    await runDue();
    expect(revisedMails('Busy Mailer')).toEqual([]);
    later(1000);
    await runDue();
    const mails = revisedMails('Busy Mailer');
    expect(mails.map((mail) => mail.to)).toEqual(['hr@lantern.test', 'owner@lantern.test']);
    const description = (await read(mails[0]!)).files['Busy Mailer - Summary Plan Description.pdf'];
    expect(description).toContain('Last Revision');
    expect((await jobsOf(documentId)).map((job) => job.state)).toEqual(['done', 'done', 'done']);

    // It counted in the window as a Send to All does: the next one waits, and nothing goes twice.
    const refused = await ctx.send(brokerA, 'POST', `/epop-document/${documentId}/email/send-all`, {});
    expect(refused.statusCode).toBe(429);
    later(24 * 60 * MINUTE);
    await runDue();
    expect(revisedMails('Busy Mailer')).toHaveLength(2);
  });

  it('queues nothing for a save that changes no answer', async () => {
    const documentId = await paidDocument('Steady Mill');
    const { brokerA, compliance } = parties.accounts;
    await save(brokerA, documentId, { benefitsContact: 'Pat Doe' });
    await save(compliance, documentId, {});
    expect(await jobsOf(documentId)).toEqual([]);
  });

  it('keeps the job across a restart: a new service on the same database sends it', async () => {
    const documentId = await paidDocument('Harbor Lights');
    await save(parties.accounts.brokerA, documentId, { benefitsContact: 'Robin Restarted' });
    later(REVISED_DOCUMENTS_QUIET_MS);
    const restarted = await buildApp(
      loadConfig({
        DATABASE_URL: ctx.databaseUrl,
        SMTP_URL: sink.url,
        JOBS_POLL_MS: '0',
        NODE_ENV: 'test',
        PAYMENT_GATEWAY: 'sandbox',
      }),
      { logger: false, identity: ctx.identity, now: () => clock },
    );
    try {
      expect(await restarted.jobs.runner.runDue()).toBe(3);
    } finally {
      await restarted.close();
    }
    expect(revisedMails('Harbor Lights').map(({ to, files }) => ({ to, files }))).toEqual(
      ['hr@lantern.test', 'owner@lantern.test'].map((to) => ({
        to,
        files: FILES.map((file) => `Harbor Lights - ${file}.pdf`),
      })),
    );
    expect(await runDue()).toBe(0);
  });
});
