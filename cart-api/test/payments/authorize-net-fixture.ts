import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll } from '@jest/globals';
import type { AuthorizeNetConfig } from '../../src/payments/authorize-net/config.js';
import {
  startFakeAuthorizeNet,
  type FakeAuthorizeNet,
} from '../../src/payments/authorize-net/fake/server.js';
import type { AccountDebit, CardCharge } from '../../src/payments/gateway.js';

/** The fake's account: a transaction key of 16 characters that no run can print by chance. */
export const FAKE_ACCOUNT = { apiLoginId: 'pop-test-login', transactionKey: 'Tk7Qz2Wm9Xv4Ls8R' } as const;
/** How long after submission the fake settles a transaction. */
export const SETTLE_MS = 60 * 60_000;

/** The fake over real HTTP on a free port, with a clock the test moves (`suite.advance(ms)`). */
export function fakeAuthorizeNet() {
  const suite = {
    fake: undefined as unknown as FakeAuthorizeNet,
    clock: new Date(),
    advance(ms: number) {
      suite.clock = new Date(suite.clock.getTime() + ms);
    },
    /** The adapter's account at the fake (`timeoutMs` 10 s unless given). */
    account(overrides: Partial<AuthorizeNetConfig> = {}): AuthorizeNetConfig {
      return { ...FAKE_ACCOUNT, endpoint: suite.fake.url, timeoutMs: 10_000, ...overrides };
    },
  };
  beforeAll(async () => {
    suite.fake = await startFakeAuthorizeNet({
      ...FAKE_ACCOUNT,
      now: () => suite.clock,
      settleAfterMs: SETTLE_MS,
    });
  });
  afterAll(async () => {
    await suite.fake?.close();
  });
  return suite;
}

let keys = 0;
/** A fresh idempotency key (a purchase's id is a UUID). */
export const newKey = () => `00000000-0000-4000-8000-${String((keys += 1)).padStart(12, '0')}`;

/** A card charge the fake approves, `overrides` aside (billing overrides merge). */
export function cardCharge(
  overrides: Partial<Omit<CardCharge, 'card' | 'billing'>> & {
    card?: Partial<CardCharge['card']>;
    billing?: Partial<CardCharge['billing']>;
  } = {},
): CardCharge {
  const { card, billing, ...rest } = overrides;
  return {
    idempotencyKey: newKey(),
    amountCents: 30_000,
    description: 'POP Documents order of 1 item(s)',
    card: {
      number: '4111111111111111',
      expirationMonth: 12,
      expirationYear: new Date().getFullYear() + 2,
      cvv: '739',
      ...card,
    },
    billing: {
      firstName: 'Avery',
      lastName: 'Buyer',
      company: 'Buyer Benefits',
      street: '1 Main Street',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      country: 'US',
      phone: '(217) 555-0100',
      email: 'avery@example.com',
      ...billing,
    },
    ...rest,
  };
}

/** An eCheck debit the fake accepts, `overrides` aside (account overrides merge). */
export function accountDebit(
  overrides: Partial<Omit<AccountDebit, 'account'>> & { account?: Partial<AccountDebit['account']> } = {},
): AccountDebit {
  const { account, ...rest } = overrides;
  return {
    idempotencyKey: newKey(),
    amountCents: 30_000,
    description: 'POP Documents order of 1 item(s)',
    account: {
      routingNumber: '011000015',
      accountNumber: '123456789',
      nameOnAccount: 'Avery Buyer',
      bankName: 'First Bank',
      checking: true,
      ...account,
    },
    email: 'avery@example.com',
    ...rest,
  };
}

/** A raw call to the fake's JSON API: the answer's bytes as they came (fetch's text() drops a BOM). */
export async function rawCall(url: string, body: unknown): Promise<Buffer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return Buffer.from(await response.arrayBuffer());
}

/** A local port nothing listens on (one just given back). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}
