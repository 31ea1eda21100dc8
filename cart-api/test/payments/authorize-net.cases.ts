import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { AuthorizeNetRefused, AuthorizeNetUnavailable } from '../../src/payments/authorize-net/api.js';
import { FAKE_TRIGGERS } from '../../src/payments/authorize-net/fake/ledger.js';
import {
  AUTHORIZE_NET_TEXTS,
  AuthorizeNetGateway,
  DUPLICATE_WINDOW_SECONDS,
  processorReference,
} from '../../src/payments/authorize-net/gateway.js';
import { SETTLEMENT_STATES } from '../../src/payments/authorize-net/settlement.js';
import {
  accountDebit,
  cardCharge,
  closedPort,
  FAKE_ACCOUNT,
  fakeAuthorizeNet,
  rawCall,
  SETTLE_MS,
} from './authorize-net-fixture.js';

/**
 * The Authorize.Net adapter against the fake processor over real HTTP (README "Payments"): every
 * answer of a charge and an eCheck debit, a retry with the same key answered with the first result
 * (the duplicate window), refund and void, the settlement states, a call that times out.
 */
/** A createTransactionRequest as the fake received it. */
interface SentTransaction {
  createTransactionRequest: { refId: string; transactionRequest: Record<string, unknown> };
}
/** An answer's verdict. */
interface Verdict {
  messages: { resultCode: string; message: { code: string; text: string }[] };
}

describe('the Authorize.Net adapter', () => {
  const suite = fakeAuthorizeNet();
  const gateway = () => new AuthorizeNetGateway(suite.account());
  const lastRequest = () => suite.fake.requests.at(-1) as unknown as SentTransaction;
  const transactionsNow = () => suite.fake.ledger.transactions.size;

  it('charges a card: approved, with the key as refId and invoice number and the longest duplicate window', async () => {
    const charge = cardCharge();
    const result = await gateway().chargeCard(charge);
    expect(result).toEqual({
      success: true,
      transactionId: expect.stringMatching(/^\d+$/),
      displayText: 'This transaction has been approved.',
    });
    const sent = lastRequest().createTransactionRequest;
    const reference = processorReference(charge.idempotencyKey);
    expect(reference).toMatch(/^[0-9a-f]{20}$/);
    expect(sent.refId).toBe(reference);
    expect(sent.transactionRequest).toMatchObject({
      transactionType: 'authCaptureTransaction',
      amount: '300.00',
      payment: {
        creditCard: { cardNumber: '4111111111111111', expirationDate: `${charge.card.expirationYear}-12` },
      },
      order: { invoiceNumber: reference, description: 'POP Documents order of 1 item(s)' },
      billTo: { firstName: 'Avery', zip: '62701', country: 'US' },
      transactionSettings: { setting: [{ settingName: 'duplicateWindow', settingValue: '28800' }] },
    });
    expect(DUPLICATE_WINDOW_SECONDS).toBe(8 * 60 * 60);
    const recorded = suite.fake.ledger.transactions.get(result.transactionId!)!;
    expect([recorded.amountCents, recorded.payment]).toEqual([
      30_000,
      { creditCard: { cardNumber: 'XXXX1111', expirationDate: 'XXXX', cardType: 'Visa' } },
    ]);
  });

  it("answers the processor's decline, card code mismatch, error and hold for review", async () => {
    const declined = await gateway().chargeCard(cardCharge({ billing: { zip: FAKE_TRIGGERS.declinedZip } }));
    expect(declined).toEqual({
      success: false,
      transactionId: expect.stringMatching(/^\d+$/),
      displayText: 'This transaction has been declined.',
    });
    const cvv = await gateway().chargeCard(cardCharge({ card: { cvv: FAKE_TRIGGERS.cvvMismatch } }));
    expect(cvv).toMatchObject({ success: false, displayText: 'This transaction has been declined.' });
    expect(suite.fake.ledger.transactions.get(cvv.transactionId!)?.reasonCode).toBe(65);

    const before = transactionsNow();
    const error = await gateway().chargeCard(cardCharge({ billing: { zip: FAKE_TRIGGERS.errorZip } }));
    expect(error).toEqual({
      success: false,
      transactionId: null,
      displayText: 'An error occurred during processing. Please try again in 5 minutes.',
    });
    expect(transactionsNow()).toBe(before);

    const held = await gateway().chargeCard(cardCharge({ billing: { zip: FAKE_TRIGGERS.heldForReviewZip } }));
    expect(held).toEqual({
      success: true,
      transactionId: expect.stringMatching(/^\d+$/),
      displayText: 'Your order has been received. Thank you for your business!',
      pending: true,
    });
    // Checks the processor makes itself: a number that fails its checksum, an expired card.
    expect(await gateway().chargeCard(cardCharge({ card: { number: '4111111111111112' } }))).toMatchObject({
      success: false,
      displayText: 'The credit card number is invalid.',
    });
    expect(
      await gateway().chargeCard(cardCharge({ card: { expirationYear: 2020, expirationMonth: 1 } })),
    ).toMatchObject({ success: false, displayText: 'The credit card has expired.' });
  });

  it('debits an account as a WEB eCheck: accepted pending settlement, or declined', async () => {
    const debit = accountDebit({
      account: { checking: false, nameOnAccount: 'Avery Buyer of Springfield Illinois' },
    });
    const accepted = await gateway().debitAccount(debit);
    expect(accepted).toEqual({
      success: true,
      transactionId: expect.stringMatching(/^\d+$/),
      displayText: 'This transaction has been approved.',
      pending: true,
    });
    expect(lastRequest().createTransactionRequest.transactionRequest.payment).toEqual({
      bankAccount: {
        accountType: 'savings',
        routingNumber: '011000015',
        accountNumber: '123456789',
        // NACHA's 22 characters.
        nameOnAccount: 'Avery Buyer of Springf',
        echeckType: 'WEB',
        bankName: 'First Bank',
      },
    });
    const declined = await gateway().debitAccount(
      accountDebit({ account: { accountNumber: `12345${FAKE_TRIGGERS.declinedAccountSuffix}` } }),
    );
    expect(declined).toMatchObject({ success: false, displayText: 'This transaction has been declined.' });
    expect(
      await gateway().debitAccount(accountDebit({ account: { routingNumber: '011000016' } })),
    ).toMatchObject({ success: false, transactionId: null, displayText: 'The ABA code is invalid' });
  });

  it('answers a retry with the same key with the first result, within the window, without a second charge', async () => {
    const charge = cardCharge();
    const first = await gateway().chargeCard(charge);
    const count = transactionsNow();
    // Another instance (a restart between the charge and the order): the processor remembers.
    const retry = await gateway().chargeCard(charge);
    expect(retry).toEqual(first);
    expect(transactionsNow()).toBe(count);
    expect(suite.fake.requests.at(-2)).toMatchObject({
      createTransactionRequest: { refId: processorReference(charge.idempotencyKey) },
    });

    // The first answer a decline: the retry is the same decline.
    const declinedCharge = cardCharge({ billing: { zip: FAKE_TRIGGERS.declinedZip } });
    const declined = await gateway().chargeCard(declinedCharge);
    expect(await gateway().chargeCard(declinedCharge)).toEqual({
      success: false,
      transactionId: declined.transactionId,
      displayText: 'This transaction has been declined.',
    });
    // A held charge and an eCheck come back pending, as they were.
    const heldCharge = cardCharge({ billing: { zip: FAKE_TRIGGERS.heldForReviewZip } });
    expect(await gateway().chargeCard(heldCharge)).toEqual(await gateway().chargeCard(heldCharge));
    const debit = accountDebit();
    expect(await gateway().debitAccount(debit)).toEqual(await gateway().debitAccount(debit));

    // Another purchase (another key) with the same card and amount is a new charge.
    const other = await gateway().chargeCard(cardCharge());
    expect(other.transactionId).not.toBe(first.transactionId);
  });

  it('charges again after the duplicate window: the processor no longer knows the key', async () => {
    const charge = cardCharge();
    const first = await gateway().chargeCard(charge);
    suite.advance(DUPLICATE_WINDOW_SECONDS * 1000 + 1000);
    const late = await gateway().chargeCard(charge);
    expect(late.success).toBe(true);
    expect(late.transactionId).not.toBe(first.transactionId);
  });

  it('throws when the processor does not answer in time; asked again with the key, it answers the charge it made', async () => {
    const charge = cardCharge();
    const count = transactionsNow();
    const release = suite.fake.hold();
    try {
      await expect(
        new AuthorizeNetGateway(suite.account({ timeoutMs: 200 })).chargeCard(charge),
      ).rejects.toThrow(
        new AuthorizeNetUnavailable('Authorize.Net did not answer createTransactionRequest within 200 ms'),
      );
    } finally {
      release();
    }
    // The processor charged meanwhile: the retry is that charge, not another.
    expect(transactionsNow()).toBe(count + 1);
    const retry = await gateway().chargeCard(charge);
    expect(retry).toMatchObject({ success: true, displayText: 'This transaction has been approved.' });
    expect(transactionsNow()).toBe(count + 1);
    expect(suite.fake.ledger.transactions.has(retry.transactionId!)).toBe(true);
  });

  it('gives a payment back: voids it before settlement, refunds it after, once per key', async () => {
    const unsettled = await gateway().chargeCard(cardCharge());
    const voidKey = `${unsettled.transactionId}:refund`;
    const voided = await gateway().refund({
      idempotencyKey: voidKey,
      transactionId: unsettled.transactionId!,
      amountCents: 30_000,
    });
    expect(voided).toEqual({
      success: true,
      transactionId: unsettled.transactionId,
      displayText: 'This transaction has been approved.',
    });
    expect(lastRequest().createTransactionRequest.transactionRequest).toEqual({
      transactionType: 'voidTransaction',
      refTransId: unsettled.transactionId,
    });
    expect(await gateway().transactionStatus(unsettled.transactionId!)).toMatchObject({ state: 'voided' });
    // Asked again: already given back.
    expect(
      await gateway().refund({
        idempotencyKey: voidKey,
        transactionId: unsettled.transactionId!,
        amountCents: 30_000,
      }),
    ).toEqual({
      success: true,
      transactionId: unsettled.transactionId,
      displayText: AUTHORIZE_NET_TEXTS.alreadyVoided,
    });

    const card = await gateway().chargeCard(cardCharge());
    const debit = await gateway().debitAccount(accountDebit());
    suite.advance(SETTLE_MS);
    const refund = {
      idempotencyKey: `${card.transactionId}:refund`,
      transactionId: card.transactionId!,
      amountCents: 30_000,
    };
    const refunded = await gateway().refund(refund);
    expect(refunded).toEqual({
      success: true,
      transactionId: expect.stringMatching(/^\d+$/),
      displayText: 'This transaction has been approved.',
    });
    expect(refunded.transactionId).not.toBe(card.transactionId);
    expect(lastRequest().createTransactionRequest.transactionRequest).toMatchObject({
      transactionType: 'refundTransaction',
      amount: '300.00',
      payment: { creditCard: { cardNumber: 'XXXX1111', expirationDate: 'XXXX' } },
      refTransId: card.transactionId,
      order: { invoiceNumber: processorReference(refund.idempotencyKey) },
    });
    // The same refund asked again (its answer lost): the first refund, not a second credit.
    const count = transactionsNow();
    expect(await gateway().refund(refund)).toEqual(refunded);
    expect(transactionsNow()).toBe(count);
    expect(await gateway().transactionStatus(refunded.transactionId!)).toMatchObject({ state: 'refunded' });

    // A settled eCheck is refunded to the same account, masked.
    const debitRefund = await gateway().refund({
      idempotencyKey: `${debit.transactionId}:refund`,
      transactionId: debit.transactionId!,
      amountCents: 30_000,
    });
    expect(debitRefund.success).toBe(true);
    expect(lastRequest().createTransactionRequest.transactionRequest.payment).toEqual({
      bankAccount: {
        accountType: 'checking',
        routingNumber: 'XXXX0015',
        accountNumber: 'XXXX6789',
        nameOnAccount: 'Avery Buyer',
        echeckType: 'WEB',
      },
    });

    expect(
      await gateway().refund({
        idempotencyKey: 'nothing:refund',
        transactionId: '99999999999',
        amountCents: 100,
      }),
    ).toEqual({
      success: false,
      transactionId: null,
      displayText: 'The record cannot be found.',
    });
  });

  it('tells where a transaction stands as time passes: pending, then settled, returned or declined', async () => {
    const card = await gateway().chargeCard(cardCharge());
    const debit = await gateway().debitAccount(accountDebit());
    const returned = await gateway().debitAccount(
      accountDebit({ account: { accountNumber: `98765${FAKE_TRIGGERS.returnedAccountSuffix}` } }),
    );
    const held = await gateway().chargeCard(cardCharge({ billing: { zip: FAKE_TRIGGERS.heldForReviewZip } }));
    const refused = await gateway().chargeCard(
      cardCharge({ billing: { zip: FAKE_TRIGGERS.reviewDeclinedZip } }),
    );
    const ids = [card, debit, returned, held, refused].map((result) => result.transactionId!);
    const states = async () =>
      Promise.all(ids.map(async (id) => (await gateway().transactionStatus(id)).state));

    expect(await states()).toEqual(['pending', 'pending', 'pending', 'pending', 'pending']);
    suite.advance(SETTLE_MS);
    expect(await states()).toEqual(['settled', 'settled', 'returned', 'settled', 'declined']);
    expect(await gateway().transactionStatus(returned.transactionId!)).toEqual({
      state: 'returned',
      displayText: 'The bank returned the debit: Account Closed (ACH return code R02).',
    });
    // E00040, not found: no answer about the money, never a decline.
    expect(await gateway().transactionStatus('99999999999')).toEqual({
      state: 'unknown',
      displayText: 'The record cannot be found.',
    });
  });

  it('settles an eCheck of an account ending in 2222, then reads it returned (R10) a settlement delay later', async () => {
    const debit = await gateway().debitAccount(
      accountDebit({ account: { accountNumber: `98765${FAKE_TRIGGERS.returnedAfterSettlementSuffix}` } }),
    );
    suite.advance(SETTLE_MS);
    expect(await gateway().transactionStatus(debit.transactionId!)).toMatchObject({ state: 'settled' });
    suite.advance(SETTLE_MS);
    expect(await gateway().transactionStatus(debit.transactionId!)).toEqual({
      state: 'returned',
      displayText: 'The bank returned the debit: Customer Advises Not Authorized (ACH return code R10).',
    });
  });

  it("maps every one of the processor's transaction statuses, and throws on one it does not know", async () => {
    const { transactionId } = await gateway().chargeCard(cardCharge());
    const expected: Record<string, string> = {
      authorizedPendingCapture: 'pending',
      capturedPendingSettlement: 'pending',
      communicationError: 'declined',
      refundSettledSuccessfully: 'refunded',
      refundPendingSettlement: 'refunded',
      approvedReview: 'pending',
      declined: 'declined',
      couldNotVoid: 'pending',
      expired: 'declined',
      generalError: 'declined',
      pendingFinalSettlement: 'pending',
      pendingSettlement: 'pending',
      failedReview: 'declined',
      settledSuccessfully: 'settled',
      settlementError: 'declined',
      underReview: 'pending',
      updatingSettlement: 'pending',
      voided: 'voided',
      FDSPendingReview: 'pending',
      FDSAuthorizedPendingReview: 'pending',
      returnedItem: 'returned',
      chargeback: 'returned',
      chargebackReversal: 'settled',
      authorizedPendingRelease: 'pending',
    };
    // The schema's whole transactionStatusEnum, no more.
    expect([...SETTLEMENT_STATES.keys()].sort()).toEqual(Object.keys(expected).sort());
    const seen: Record<string, string> = {};
    for (const status of Object.keys(expected)) {
      suite.fake.ledger.setStatus(transactionId!, status);
      seen[status] = (await gateway().transactionStatus(transactionId!)).state;
    }
    expect(seen).toEqual(expected);
    suite.fake.ledger.setStatus(transactionId!, 'somethingNew');
    await expect(gateway().transactionStatus(transactionId!)).rejects.toThrow(
      'Authorize.Net transaction status "somethingNew" is not known here',
    );
  });

  it('throws on a refused request (wrong key, a value the schema refuses), naming the code but no secret', async () => {
    const wrongKey = new AuthorizeNetGateway(suite.account({ transactionKey: 'Wrong0Key0Here00' }));
    const refusal = await wrongKey.chargeCard(cardCharge()).catch((error: unknown) => error);
    expect(refusal).toEqual(
      new AuthorizeNetRefused('E00007', 'User authentication failed due to invalid authentication values.'),
    );
    expect(String((refusal as Error).message)).not.toContain('Wrong0Key0Here00');

    // The API quotes an invalid value in its sentence: the digits are masked.
    const tooLong = '41111111111111111';
    const invalid = await gateway()
      .chargeCard(cardCharge({ card: { number: tooLong } }))
      .catch((error: unknown) => error as Error);
    expect(invalid).toBeInstanceOf(AuthorizeNetRefused);
    expect((invalid as AuthorizeNetRefused).code).toBe('E00003');
    expect((invalid as Error).message).toContain("The value '…' is invalid");
    expect((invalid as Error).message).not.toContain('1111');
  });

  it('throws when the processor cannot be reached', async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}/xml/v1/request.api`;
    const nowhere = new AuthorizeNetGateway(suite.account({ endpoint }));
    await expect(nowhere.transactionStatus('1')).rejects.toThrow(
      /Authorize.Net could not be reached \(ECONNREFUSED\)/,
    );
  });
});

describe('the fake Authorize.Net', () => {
  const suite = fakeAuthorizeNet();
  const auth = { name: FAKE_ACCOUNT.apiLoginId, transactionKey: FAKE_ACCOUNT.transactionKey };
  /** The answer without its byte order mark (EF BB BF). */
  const parse = (bytes: Buffer) => JSON.parse(bytes.subarray(3).toString('utf8')) as Verdict;

  it('answers JSON after a byte order mark, as Authorize.Net does (the adapter reads past it)', async () => {
    const bytes = await rawCall(suite.fake.url, {
      authenticateTestRequest: { merchantAuthentication: auth },
    });
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // Read as plain UTF-8 text, the mark is a character JSON does not allow.
    expect(() => JSON.parse(bytes.toString('utf8'))).toThrow();
    expect(parse(bytes)).toEqual({
      messages: { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] },
    });
  });

  it('refuses what Authorize.Net refuses: wrong credentials, an unknown call, elements out of order', async () => {
    const wrong = await rawCall(suite.fake.url, {
      authenticateTestRequest: { merchantAuthentication: { ...auth, transactionKey: 'nope' } },
    });
    expect(parse(wrong).messages.message[0]?.code).toBe('E00007');
    const unknown = await rawCall(suite.fake.url, {
      chargeEverythingRequest: { merchantAuthentication: auth },
    });
    expect(parse(unknown).messages.message[0]).toEqual({
      code: 'E00004',
      text: 'The name of the requested API method is invalid.',
    });
    const outOfOrder = await rawCall(suite.fake.url, {
      createTransactionRequest: {
        merchantAuthentication: auth,
        transactionRequest: { amount: '5.00', transactionType: 'authCaptureTransaction' },
      },
    });
    expect(parse(outOfOrder).messages.message[0]).toMatchObject({
      code: 'E00003',
      text: expect.stringContaining(
        "has invalid child element 'amount' in namespace 'AnetApi/xml/v1/schema/AnetApiSchema.xsd'. List of possible elements expected: 'transactionType'",
      ),
    });
    const garbled = await rawCall(suite.fake.url, '{"createTransactionRequest": ');
    expect(parse(garbled).messages.message[0]?.code).toBe('E00003');
  });

  it('is reached from no production module', async () => {
    const src = fileURLToPath(new URL('../../src', import.meta.url));
    const files = (await readdir(src, { recursive: true })).filter((file) => file.endsWith('.ts'));
    const importers: string[] = [];
    for (const file of files) {
      if (file.startsWith(join('payments', 'authorize-net', 'fake'))) continue;
      const text = await readFile(join(src, file), 'utf8');
      if (/from '[^']*\/fake\/[^']*'/.test(text)) importers.push(relative(src, join(src, file)));
    }
    expect(importers).toEqual([]);
  });
});
