import { randomUUID } from 'node:crypto';
import { expect } from '@jest/globals';
import { COMMISSION_INCLUDED, EPOP_PRODUCT } from '../../src/db/reference-data.js';
import type { TestContext } from './build.js';
import { documentForm } from './documents.js';
import type { Account } from './parties.js';

/** A card payment the sandbox approves (a Visa test number), `overrides` aside. */
export const cardPayment = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Avery',
  lastName: 'Buyer',
  company: 'Buyer Benefits',
  street: '1 Main Street',
  country: 'US',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  phone: '(217) 555-0100',
  email: 'avery@example.com',
  cardNumber: '4111 1111 1111 1111',
  expirationMonth: 12,
  expirationYear: new Date().getFullYear() + 2,
  cvv: '739',
  ...overrides,
});

/** An ACH payment the sandbox approves (a valid routing number), `overrides` aside. */
export const achPayment = (overrides: Record<string, unknown> = {}) => ({
  routingNumber: '011000015',
  bankName: 'First Bank',
  email: 'avery@example.com',
  accountNumber: '123456789',
  nameOnAccount: 'Avery Buyer',
  checking: true,
  ...overrides,
});

/** A new document bought by card through the routes (its client's company name given): the purchase's answer. */
export async function buyNewDocument(ctx: TestContext, buyer: Account, clientCompanyName: string) {
  await ctx.send(buyer, 'POST', '/shopping-cart', {
    productId: EPOP_PRODUCT.product_id,
    quantity: 1,
    attributes: [COMMISSION_INCLUDED.attribute_value_id],
    json: documentForm({ clientCompanyName }),
    userId: buyer.userId,
  });
  return ctx.send(buyer, 'POST', `/shopping-cart/${buyer.userId}/purchase/card`, cardPayment());
}

/**
 * A new broker known to identity-api, with one $300.00 document for `clientCompanyName` in the cart;
 * `answers` adds to the document's form (a plan year on a test's clock).
 */
export async function brokerWithCart(
  ctx: TestContext,
  clientCompanyName: string,
  answers: Record<string, unknown> = {},
): Promise<Account> {
  const buyer: Account = { userId: randomUUID(), roles: ['broker'] };
  ctx.identity.add({
    userId: buyer.userId,
    firstName: 'Avery',
    lastName: 'Buyer',
    email: `${buyer.userId.slice(0, 8)}@buyer.test`,
    role: 'broker',
  });
  const added = await ctx.send(buyer, 'POST', '/shopping-cart', {
    productId: EPOP_PRODUCT.product_id,
    quantity: 1,
    attributes: [COMMISSION_INCLUDED.attribute_value_id],
    json: documentForm({ clientCompanyName, ...answers }),
    userId: buyer.userId,
  });
  expect(added.statusCode).toBe(200);
  return buyer;
}
