import { describe, expect, it } from '@jest/globals';
import type { AccountDebit, CardCharge } from '../../src/payments/gateway.js';
import { SANDBOX_TEXTS, SandboxGateway } from '../../src/payments/sandbox.js';

/**
 * The sandbox's settlement (README "Payments"): a card settles at once; an ACH debit is approved
 * pending and settles `settleMs` later on its clock, or comes back for an account ending in 1111; an
 * id it never made is declined. Its answer is read from the id, so a restarted sandbox (or the
 * `run-jobs` command's own) answers the same.
 */
describe('the sandbox’s transaction status', () => {
  let clock = new Date('2026-11-02T15:00:00.000Z');
  const settleMs = 120_000;
  const sandbox = () => new SandboxGateway({ settleMs, now: () => clock });
  let keys = 0;

  const debit = (accountNumber: string): AccountDebit => ({
    idempotencyKey: `key-${++keys}`,
    amountCents: 30_000,
    description: 'POP Documents order of 1 item(s)',
    account: {
      routingNumber: '011000015',
      accountNumber,
      nameOnAccount: 'Avery Buyer',
      bankName: 'First Bank',
      checking: true,
    },
    email: 'avery@example.com',
  });
  const charge = (zip = '62701'): CardCharge => ({
    idempotencyKey: `key-${++keys}`,
    amountCents: 30_000,
    description: 'POP Documents order of 1 item(s)',
    card: { number: '4111111111111111', expirationMonth: 12, expirationYear: 2030, cvv: '739' },
    billing: {
      firstName: 'Avery',
      lastName: 'Buyer',
      company: '',
      street: '1 Main Street',
      city: 'Springfield',
      state: 'IL',
      zip,
      country: 'US',
      phone: null,
      email: 'avery@example.com',
    },
  });

  it('keeps an ACH debit pending until the delay has passed, then settles it, or returns an account ending in 1111', async () => {
    const gateway = sandbox();
    const settles = await gateway.debitAccount(debit('123456789'));
    const comesBack = await gateway.debitAccount(debit('9876541111'));
    for (const result of [settles, comesBack]) {
      expect(result).toEqual({
        success: true,
        pending: true,
        transactionId: expect.stringMatching(/^\d{16}$/),
        displayText: SANDBOX_TEXTS.approved,
      });
    }
    const pending = { state: 'pending', displayText: 'The transaction is pending settlement.' };
    expect(await gateway.transactionStatus(settles.transactionId!)).toEqual(pending);
    clock = new Date(clock.getTime() + settleMs - 1);
    expect(await gateway.transactionStatus(comesBack.transactionId!)).toEqual(pending);

    clock = new Date(clock.getTime() + 1);
    // A sandbox started since (a restart, the run-jobs command) answers the same from the ids.
    for (const asked of [gateway, sandbox()]) {
      expect(await asked.transactionStatus(settles.transactionId!)).toEqual({
        state: 'settled',
        displayText: 'The transaction has settled.',
      });
      expect(await asked.transactionStatus(comesBack.transactionId!)).toEqual({
        state: 'returned',
        displayText: 'The bank returned the debit: the account is closed (ACH return code R02).',
      });
    }
  });

  it('settles a debit of an account ending in 2222, then returns it a settlement delay later', async () => {
    const gateway = sandbox();
    const { transactionId } = await gateway.debitAccount(debit('9876542222'));
    const states = async () => (await gateway.transactionStatus(transactionId!)).state;
    expect(await states()).toBe('pending');
    clock = new Date(clock.getTime() + settleMs);
    expect(await states()).toBe('settled');
    clock = new Date(clock.getTime() + settleMs);
    expect(await sandbox().transactionStatus(transactionId!)).toEqual({
      state: 'returned',
      displayText: SANDBOX_TEXTS.notAuthorized,
    });
  });

  it('settles a card at once; declines a declined payment, a refunded one is refunded; an id it never made is unknown', async () => {
    const gateway = sandbox();
    const card = await gateway.chargeCard(charge());
    expect(card).toMatchObject({ success: true, displayText: SANDBOX_TEXTS.approved });
    expect(card).not.toHaveProperty('pending');
    expect(await gateway.transactionStatus(card.transactionId!)).toMatchObject({ state: 'settled' });

    const declined = await gateway.chargeCard(charge('46282'));
    expect(await gateway.transactionStatus(declined.transactionId!)).toEqual({
      state: 'declined',
      displayText: SANDBOX_TEXTS.declined,
    });
    const poor = await gateway.debitAccount(debit('9870000'));
    expect(poor).toMatchObject({ success: false, displayText: SANDBOX_TEXTS.insufficientFunds });
    expect(await gateway.transactionStatus(poor.transactionId!)).toMatchObject({ state: 'declined' });

    const refund = await gateway.refund({
      idempotencyKey: `key-${++keys}`,
      transactionId: card.transactionId!,
      amountCents: 30_000,
    });
    expect(refund).toMatchObject({ success: true, displayText: SANDBOX_TEXTS.refunded });
    expect(await gateway.transactionStatus(card.transactionId!)).toEqual({
      state: 'refunded',
      displayText: SANDBOX_TEXTS.refunded,
    });

    // Not found is no answer about the money: never a decline.
    for (const unknown of ['40000000001', '9123456789012345', 'not a number']) {
      expect(await gateway.transactionStatus(unknown)).toEqual({
        state: 'unknown',
        displayText: 'The referenced transaction does not exist.',
      });
    }
  });
});
