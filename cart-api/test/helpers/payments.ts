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
