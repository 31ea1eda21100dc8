import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readableMail } from 'shared-domain/testing';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { COMMISSION_INCLUDED, EPOP_PRODUCT } from '../../src/db/reference-data.js';
import { AUTHORIZE_NET_ENDPOINTS } from '../../src/payments/authorize-net/config.js';
import { FAKE_TRIGGERS } from '../../src/payments/authorize-net/fake/ledger.js';
import {
  startFakeAuthorizeNet,
  type FakeAuthorizeNet,
} from '../../src/payments/authorize-net/fake/server.js';
import { buildTestApp, type TestContext } from '../helpers/build.js';
import { documentForm } from '../helpers/documents.js';
import type { Account } from '../helpers/parties.js';
import { achPayment, cardPayment } from '../helpers/payments.js';
import { PAYMENT_SECRET_FORMS, PAYMENT_SECRETS, secretsKept } from '../helpers/secrets.js';
import { FAKE_ACCOUNT } from './authorize-net-fixture.js';

/**
 * PAYMENT_GATEWAY=authorize-net (README "Payments"): the service takes the adapter with its account
 * from the environment, or refuses to start; purchases go through it to the fake processor over HTTP,
 * once only even when an answer is lost, and no card, account number, card code or transaction key
 * is kept in the database, the logs or the e-mails.
 */
// Long enough for any answer of the local fake on a loaded machine; the lost answer waits it out once.
const TIMEOUT_MS = 3000;

describe('cart-api with PAYMENT_GATEWAY=authorize-net', () => {
  let fake: FakeAuthorizeNet;
  let ctx: TestContext;
  const logLines: string[] = [];

  beforeAll(async () => {
    fake = await startFakeAuthorizeNet(FAKE_ACCOUNT);
    ctx = await buildTestApp(
      {
        PAYMENT_GATEWAY: 'authorize-net',
        AUTHORIZE_NET_API_LOGIN_ID: FAKE_ACCOUNT.apiLoginId,
        AUTHORIZE_NET_TRANSACTION_KEY: FAKE_ACCOUNT.transactionKey,
        AUTHORIZE_NET_ENDPOINT: fake.url,
        AUTHORIZE_NET_TIMEOUT_MS: String(TIMEOUT_MS),
      },
      undefined,
      { logger: { level: 'trace', production: true, stream: { write: (line) => logLines.push(line) } } },
    );
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  async function buyerWithCart() {
    const buyer: Account = { userId: randomUUID(), roles: ['broker'] };
    ctx.identity.add({
      userId: buyer.userId,
      email: `${buyer.userId.slice(0, 8)}@buyer.test`,
      role: 'broker',
    });
    const added = await ctx.send(buyer, 'POST', '/shopping-cart', {
      productId: EPOP_PRODUCT.product_id,
      quantity: 1,
      attributes: [COMMISSION_INCLUDED.attribute_value_id],
      json: documentForm({ clientCompanyName: `Processor Co ${randomUUID().slice(0, 6)}` }),
      userId: buyer.userId,
    });
    expect(added.statusCode).toBe(200);
    return buyer;
  }
  const secretCard = (overrides: Record<string, unknown> = {}) =>
    cardPayment({ cardNumber: PAYMENT_SECRETS.cardNumber, cvv: PAYMENT_SECRETS.cvv, ...overrides });
  const payByCard = (buyer: Account, body: object) =>
    ctx.send(buyer, 'POST', `/shopping-cart/${buyer.userId}/purchase/card`, body);

  it('takes the Authorize.Net adapter and pays a card through the processor', async () => {
    expect(ctx.app.payments.name).toBe('authorize-net');
    const buyer = await buyerWithCart();
    const paid = await payByCard(buyer, secretCard());
    expect(paid.statusCode).toBe(200);
    const answer = paid.json<{ success: boolean; transactionId: string; displayText: string }>();
    expect(answer).toMatchObject({ success: true, displayText: 'This transaction has been approved.' });
    const charged = fake.ledger.transactions.get(answer.transactionId)!;
    expect([charged.amountCents, charged.payment]).toEqual([
      30_000,
      { creditCard: { cardNumber: 'XXXX0005', expirationDate: 'XXXX', cardType: 'AmericanExpress' } },
    ]);
    const order = await ctx.db
      .selectFrom('orders')
      .select('transaction_id')
      .where('user_id', '=', buyer.userId)
      .executeTakeFirstOrThrow();
    expect(order.transaction_id).toBe(answer.transactionId);
  });

  it("answers the processor's decline and places nothing", async () => {
    const buyer = await buyerWithCart();
    const declined = await payByCard(buyer, secretCard({ zip: '46282' }));
    expect([declined.statusCode, declined.json()]).toEqual([
      200,
      {
        success: false,
        orderId: null,
        orderNumber: null,
        transactionId: expect.stringMatching(/^\d+$/),
        displayText: 'This transaction has been declined.',
      },
    ]);
    expect(
      await ctx.db.selectFrom('orders').where('user_id', '=', buyer.userId).selectAll().execute(),
    ).toEqual([]);
  });

  it('charges once when the answer is lost: the retry with the same key is answered with the first charge', async () => {
    const buyer = await buyerWithCart();
    const before = fake.ledger.transactions.size;
    const release = fake.hold();
    let lost;
    try {
      lost = await payByCard(buyer, secretCard());
    } finally {
      release();
    }
    expect([lost.statusCode, lost.json()]).toEqual([
      503,
      {
        message:
          'We could not confirm your payment with the processor. Press Process Payment again: you will not be charged twice.',
      },
    ]);
    const retry = await payByCard(buyer, secretCard());
    expect(retry.statusCode).toBe(200);
    expect(fake.ledger.transactions.size).toBe(before + 1);
    expect(fake.ledger.transactions.has(retry.json<{ transactionId: string }>().transactionId)).toBe(true);
  });

  it('resumes a purchase whose answer was lost only with the same card and billing: the processor charges once', async () => {
    const buyer = await buyerWithCart();
    const before = fake.ledger.transactions.size;
    const release = fake.hold();
    try {
      expect((await payByCard(buyer, secretCard())).statusCode).toBe(503);
    } finally {
      release();
    }
    // Another card, or the same card with another billing address: a new charge at Authorize.Net
    // (its duplicate check compares them), the first neither placed nor refunded. Refused.
    const refusal = {
      message:
        'Your last payment could not be confirmed: pay again with the same card (ending in 0005) and the same billing name and address to confirm it (you will not be charged twice)',
    };
    for (const other of [cardPayment(), secretCard({ zip: '62702' }), secretCard({ lastName: 'Other' })]) {
      const refused = await payByCard(buyer, other);
      expect([refused.statusCode, refused.json()]).toEqual([409, refusal]);
    }
    expect(fake.ledger.transactions.size).toBe(before + 1);
    // The same card and billing (another card code is no other card): the first charge, once.
    const retry = await payByCard(buyer, secretCard({ cvv: '1234' }));
    expect(retry.json()).toMatchObject({ success: true });
    expect(fake.ledger.transactions.size).toBe(before + 1);
    // Nothing of the card is kept once the purchase is settled.
    const { snapshot } = await ctx.db
      .selectFrom('purchase')
      .select('snapshot')
      .where('user_id', '=', buyer.userId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(snapshot!)).not.toHaveProperty('fingerprint');
  });

  it('tells a card held for review and then declined as not completed, not as a bank return', async () => {
    const buyer = await buyerWithCart();
    const held = await payByCard(buyer, secretCard({ zip: FAKE_TRIGGERS.reviewDeclinedZip }));
    const answer = held.json<{
      pending: boolean;
      orderId: string;
      orderNumber: string;
      transactionId: string;
    }>();
    expect(answer).toMatchObject({ success: true, pending: true });
    fake.ledger.setStatus(answer.transactionId, 'failedReview');
    await ctx.app.jobs.runner.runDue();

    const groups = (await ctx.send(buyer, 'GET', `/action-item/${buyer.userId}/pending`)).json<
      Record<string, { itemType: string; description: string }[]>
    >();
    const [item] = Object.values(groups).flatMap((group) => (Array.isArray(group) ? group : []));
    expect(item!.description).toMatch(
      new RegExp(`: the payment of order ${answer.orderNumber} was not completed$`),
    );
    const mails = await Promise.all(
      (await readdir(ctx.outboxDir)).map(async (file) =>
        (await readableMail(await readFile(join(ctx.outboxDir, file)), file))
          .map((part) => part.text)
          .join('\n'),
      ),
    );
    const told = mails.find((text) =>
      text.includes(`Your payment was not completed: order ${answer.orderNumber}`),
    );
    expect(told).toContain('The card processor did not complete the payment of $300.00');
    expect(told).toContain('pay with another card or from a bank account');
    expect(told).not.toContain('bank returned');
  });

  it('keeps no card, account number, card code or transaction key anywhere', async () => {
    const buyer = await buyerWithCart();
    const debited = await ctx.send(
      buyer,
      'POST',
      `/shopping-cart/${buyer.userId}/purchase/ach`,
      achPayment({ accountNumber: PAYMENT_SECRETS.accountNumber }),
    );
    expect(debited.statusCode).toBe(200);
    // The logs hold this suite's purchases: approved, declined, and the lost answer's error.
    expect(logLines.some((line) => line.includes('Authorize.Net did not answer'))).toBe(true);
    const secrets = [...PAYMENT_SECRET_FORMS, FAKE_ACCOUNT.transactionKey];
    expect(await secretsKept({ db: ctx.db, logLines, outboxDir: ctx.outboxDir }, secrets)).toEqual([]);
  });
});

describe('PAYMENT_GATEWAY=authorize-net without its account', () => {
  const base = { DATABASE_URL: ':memory:', CART_API_CLIENT_SECRET: 's', PAYMENT_GATEWAY: 'authorize-net' };
  const account = {
    AUTHORIZE_NET_API_LOGIN_ID: 'login',
    AUTHORIZE_NET_TRANSACTION_KEY: 'key',
    AUTHORIZE_NET_ENDPOINT: 'sandbox',
  };

  it('refuses to start, naming what is missing or wrong', async () => {
    expect(() => loadConfig(base)).toThrow(
      'PAYMENT_GATEWAY=authorize-net needs AUTHORIZE_NET_API_LOGIN_ID, AUTHORIZE_NET_TRANSACTION_KEY, AUTHORIZE_NET_ENDPOINT (the endpoint: sandbox, production or a URL); missing: AUTHORIZE_NET_API_LOGIN_ID, AUTHORIZE_NET_TRANSACTION_KEY, AUTHORIZE_NET_ENDPOINT',
    );
    expect(() => loadConfig({ ...base, ...account, AUTHORIZE_NET_TRANSACTION_KEY: ' ' })).toThrow(
      'missing: AUTHORIZE_NET_TRANSACTION_KEY',
    );
    expect(() => loadConfig({ ...base, ...account, AUTHORIZE_NET_ENDPOINT: 'staging' })).toThrow(
      'AUTHORIZE_NET_ENDPOINT must be "production", "sandbox" or a URL, got "staging"',
    );
    expect(() =>
      loadConfig({
        ...base,
        ...account,
        AUTHORIZE_NET_ENDPOINT: 'http://10.0.0.9/api',
        NODE_ENV: 'production',
      }),
    ).toThrow('AUTHORIZE_NET_ENDPOINT must be https when NODE_ENV=production');
    expect(() => loadConfig({ ...base, ...account, AUTHORIZE_NET_TIMEOUT_MS: '600000' })).toThrow(
      'AUTHORIZE_NET_TIMEOUT_MS must be a whole number from 1 to 120000, got "600000"',
    );
    const secretKey = 'Sx9Sx9Sx9Sx9Sx9Sx9';
    const tooLong = () => loadConfig({ ...base, ...account, AUTHORIZE_NET_TRANSACTION_KEY: secretKey });
    expect(tooLong).toThrow('AUTHORIZE_NET_TRANSACTION_KEY has at most 16 characters');
    expect(tooLong).not.toThrow(secretKey);

    // A configuration built without loadConfig is checked by the plugin too.
    const config = loadConfig({ DATABASE_URL: ':memory:', CART_API_CLIENT_SECRET: 's' });
    config.payments.gateway = 'authorize-net';
    await expect(buildApp(config, { logger: false })).rejects.toThrow(
      'PAYMENT_GATEWAY=authorize-net needs its AUTHORIZE_NET_* account (README "Payments")',
    );
  });

  it('reads the endpoint by name, and leaves the account unset for another gateway', () => {
    expect(loadConfig({ ...base, ...account }).payments.authorizeNet).toEqual({
      apiLoginId: 'login',
      transactionKey: 'key',
      endpoint: AUTHORIZE_NET_ENDPOINTS.sandbox,
      timeoutMs: 30_000,
    });
    expect(
      loadConfig({ ...base, ...account, AUTHORIZE_NET_ENDPOINT: 'production' }).payments.authorizeNet
        ?.endpoint,
    ).toBe('https://api.authorize.net/xml/v1/request.api');
    expect(loadConfig({ ...account, PAYMENT_GATEWAY: 'sandbox' }).payments.authorizeNet).toBeUndefined();
  });
});
