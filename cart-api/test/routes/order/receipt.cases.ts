import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { pdfText } from 'shared-domain/testing';
import { EPOP_PRODUCT } from '../../../src/db/reference-data.js';
import { seededTestApp } from '../../helpers/parties.js';

/** Receipts (issue 10 "Orders and receipts"): markup, PDF, Email Purchaser; who may read one. */
describe('GET /order/:orderId/receipt(/download), POST /order/:orderId/email-purchaser', () => {
  const suite = seededTestApp();

  /** An order of employer B's paying for a document of broker A's client, with escaped-looking names. */
  async function orderForBrokerAsClient() {
    const { records, accounts, clientDocumentOfBrokerA } = suite.parties;
    const orderId = randomUUID();
    const now = new Date().toISOString();
    await suite.ctx.db
      .insertInto('orders')
      .values({
        order_id: orderId,
        order_number: `7${randomUUID().slice(0, 5)}`,
        user_id: accounts.employerB.userId,
        ordered_by: 'Eve <b>Employer</b>',
        ordered_by_email: 'eve@example.com',
        transaction_id: '12345678901',
        payment_method: 'card',
        payment_brand: 'Visa',
        payment_last4: '1111',
        subtotal_cents: 30_000,
        discount_cents: 0,
        total_cents: 30_000,
        is_new: 1,
        paid_at: now,
        receipt: '<p>kept</p>',
        created_at: now,
      })
      .execute();
    await addItem(
      orderId,
      'POP Document - <script>alert(1)</script>',
      clientDocumentOfBrokerA,
      records.brokerA.companyId,
    );
    return orderId;
  }

  /** A $300.00 item of an order, paying for a document of a client. */
  async function addItem(orderId: string, displayText: string, documentId: string, clientId: string) {
    await suite.ctx.db
      .insertInto('order_item')
      .values({
        order_item_id: randomUUID(),
        order_id: orderId,
        product_id: EPOP_PRODUCT.product_id,
        product_type: EPOP_PRODUCT.name,
        display_text: displayText,
        document_id: documentId,
        client_company_id: clientId,
        broker_name: null,
        unit_price_cents: 30_000,
        discount_cents: 0,
        price_cents: 30_000,
        returned: 0,
      })
      .execute();
  }

  it('shows the receipt to its purchaser, the document’s broker and compliance, escaped; to anyone else 404', async () => {
    const orderId = await orderForBrokerAsClient();
    const { accounts } = suite.parties;
    for (const reader of [accounts.employerB, accounts.brokerA, accounts.compliance]) {
      const receipt = await suite.ctx.send(reader, 'GET', `/order/${orderId}/receipt`);
      expect(receipt.statusCode).toBe(200);
      const markup = receipt.json<{ receipt: string }>().receipt;
      expect(markup).toContain('Eve &lt;b&gt;Employer&lt;/b&gt;');
      expect(markup).toContain('POP Document - &lt;script&gt;alert(1)&lt;/script&gt;');
      expect(markup).not.toContain('<script>');
      expect(markup).toContain('Visa ending in 1111');
    }
    for (const stranger of [accounts.brokerB, accounts.employerA]) {
      for (const path of ['receipt', 'receipt/download']) {
        const refused = await suite.ctx.send(stranger, 'GET', `/order/${orderId}/${path}`);
        expect([refused.statusCode, refused.json()]).toEqual([404, { message: 'Receipt not found' }]);
      }
    }
    const pdf = await suite.ctx.send(accounts.brokerA, 'GET', `/order/${orderId}/receipt/download`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await pdfText(pdf.rawPayload)).text).toContain('POP Document - <script>alert(1)');
  });

  it('keeps an order of several clients to its purchaser and compliance: one client’s broker gets 404', async () => {
    const orderId = await orderForBrokerAsClient();
    const { records, accounts } = suite.parties;
    await addItem(
      orderId,
      'POP Document - brokerB Company',
      records.brokerB.documentId,
      records.brokerB.companyId,
    );
    expect((await suite.ctx.send(accounts.brokerA, 'GET', `/order/${orderId}/receipt`)).statusCode).toBe(404);
    expect((await suite.ctx.send(accounts.employerB, 'GET', `/order/${orderId}/receipt`)).statusCode).toBe(
      200,
    );
    expect((await suite.ctx.send(accounts.compliance, 'GET', `/order/${orderId}/receipt`)).statusCode).toBe(
      200,
    );
  });

  it('e-mails the receipt to the purchaser again on Email Purchaser (compliance only)', async () => {
    const orderId = await orderForBrokerAsClient();
    const { accounts } = suite.parties;
    const refused = await suite.ctx.send(accounts.employerB, 'POST', `/order/${orderId}/email-purchaser`, {});
    expect(refused.statusCode).toBe(403);
    const sent = await suite.ctx.send(accounts.compliance, 'POST', `/order/${orderId}/email-purchaser`, {});
    expect(sent.json()).toEqual({ orderId, sentTo: 'eve@example.com' });
    const files = await readdir(suite.ctx.outboxDir);
    const mails = await Promise.all(files.map((file) => readFile(join(suite.ctx.outboxDir, file), 'utf8')));
    expect(mails.find((mail) => mail.includes('To: eve@example.com'))).toMatch(
      /Content-Type: application\/pdf/,
    );
  });
});
