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
