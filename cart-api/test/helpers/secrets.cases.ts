import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createMailer, type MailMessage } from 'service-kit/server';
import { findSecrets } from 'shared-domain/testing';
import { renderPdf } from '../../src/lib/pdf.js';
import { buildTestApp, type TestContext } from './build.js';
import { PAYMENT_SECRETS, PAYMENT_SECRET_FORMS, secretsKept } from './secrets.js';

/**
 * The secret check itself (issue 26): it finds a secret put into an e-mail's text, HTML, headers or
 * PDF attachment, the database or a log line, and nothing otherwise, even where the raw bytes of an
 * e-mail hold the secret's characters by chance (base64), which is what made the old check cry wolf.
 */
const { cardNumber, cvv, accountNumber } = PAYMENT_SECRETS;
const CARD_DIGITS = cardNumber.replace(/\s/g, '');

/** Lines a receipt's run would log: request ids, a pid, times, amounts. */
const CLEAN_LOG = [
  '{"level":30,"time":1764256532123,"pid":417,"reqId":"req-0417","req":{"method":"POST","url":"/shopping-cart/u/purchase/card"},"msg":"incoming request"}',
  '{"level":30,"time":1764256532601,"pid":417,"reqId":"req-0417","res":{"statusCode":200},"responseTime":417.0417,"msg":"request completed"}',
];

/**
 * A binary attachment whose base64 lines end in `/` + each secret: the raw message holds every
 * secret as a whole token, the attachment's bytes hold none of them.
 */
function base64Noise(): Buffer {
  const lines = [CARD_DIGITS, cvv, accountNumber].map(
    (secret) => `${'Q'.repeat(75 - secret.length)}/${secret}`,
  );
  return Buffer.from(lines.join(''), 'base64');
}

describe('secretsKept: the check for kept payment secrets', () => {
  let ctx: TestContext;
  let outboxDir: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => {
    await ctx?.close();
  });
  beforeEach(async () => {
    outboxDir = await mkdtemp(join(tmpdir(), 'secrets-outbox-'));
    logLines.splice(0, logLines.length, ...CLEAN_LOG);
  });
  afterEach(async () => {
    await rm(outboxDir, { recursive: true, force: true });
  });

  /** An e-mail written to the outbox as cart-api writes it, with a receipt PDF saying `pdfLine`. */
  async function mail(
    overrides: Partial<MailMessage> = {},
    pdfLine = 'Paid by card ending 0005',
    noise = true,
  ) {
    const receipt = await renderPdf({ content: [{ text: 'Receipt, order 100015' }, { text: pdfLine }] });
    await createMailer({ outboxDir, from: 'pop@example.com', log: { info() {} } }).send({
      to: 'avery@example.com',
      subject: 'Your receipt, order 100015',
      text: 'Thank you for your order 100015 of $300.00 on 11/27/2026.',
      html: '<p>Thank you for your order <b>100015</b> of $300.00 on 11/27/2026.</p>',
      attachments: [
        { filename: 'receipt-100015.pdf', content: receipt, contentType: 'application/pdf' },
        ...(noise
          ? [{ filename: 'data.bin', content: base64Noise(), contentType: 'application/octet-stream' }]
          : []),
      ],
      ...overrides,
    });
  }

  const rawOutbox = async () =>
    (
      await Promise.all((await readdir(outboxDir)).map((file) => readFile(join(outboxDir, file), 'utf8')))
    ).join('');

  const kept = () => secretsKept({ db: ctx.db, logLines, outboxDir }, PAYMENT_SECRET_FORMS);

  it('finds nothing where there is none, though the raw e-mail holds every secret in its base64', async () => {
    await mail();
    // What the old check read: the encoded bytes, in which each secret stands as a whole token.
    expect(
      findSecrets([{ source: 'raw', text: await rawOutbox() }], [CARD_DIGITS, cvv, accountNumber]),
    ).toHaveLength(3);
    expect(await kept()).toEqual([]);
  });

  it.each([
    ['text', { text: `Card ${cardNumber}, thank you.` }, cardNumber],
    ['html', { html: `<p>Card code <b>${cvv}</b></p>` }, cvv],
    ['headers', { subject: `Your debit from account ${accountNumber}` }, accountNumber],
  ] as const)('finds a secret in an e-mail’s %s', async (part, overrides, secret) => {
    await mail(overrides);
    expect(await kept()).toEqual([{ source: expect.stringMatching(new RegExp(`› ${part}$`)), secret }]);
  });

  it('finds a secret in the text of a PDF attachment, which the raw message does not show', async () => {
    await mail({}, `Paid by card ${CARD_DIGITS}`, false);
    // The PDF's text is compressed, then base64-encoded: reading the raw message would miss it.
    expect(await rawOutbox()).not.toContain(CARD_DIGITS.slice(0, 6));
    expect(await kept()).toEqual([
      { source: expect.stringMatching(/› receipt-100015\.pdf$/), secret: CARD_DIGITS },
    ]);
  });

  it('finds a secret in the database', async () => {
    await mail();
    const id = randomUUID();
    await ctx.db
      .insertInto('system_message')
      .values({
        system_message_id: id,
        message: JSON.stringify({ cvv }),
        style: 'info',
        location: 'login',
        active: 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    try {
      expect(await kept()).toEqual([{ source: 'database', secret: cvv }]);
    } finally {
      await ctx.db.deleteFrom('system_message').where('system_message_id', '=', id).execute();
    }
  });

  it('finds a secret in a log line', async () => {
    await mail();
    logLines.push(`{"level":50,"pid":417,"body":{"accountNumber":"${accountNumber}"},"msg":"refused"}`);
    expect(await kept()).toEqual([{ source: 'log line 3', secret: accountNumber }]);
  });
});
