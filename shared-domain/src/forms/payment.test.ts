import { describe, expect, it } from '@jest/globals';
import {
  achPaymentBody,
  achPaymentFieldErrors,
  blankAchPaymentForm,
  blankCardPaymentForm,
  cardPaymentBody,
  cardPaymentFieldErrors,
  expirationYears,
  cardBrand,
  validCardNumber,
  validRoutingNumber,
  type CardPaymentForm,
} from './payment.js';

const now = new Date(2026, 4, 15); // 15 May 2026

const card: CardPaymentForm = {
  ...blankCardPaymentForm(now),
  firstName: 'Bea',
  lastName: 'Broker',
  company: 'Bright Benefits',
  street: '1 Main Street',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  email: 'bea@example.com',
  cardNumber: '4111 1111 1111 1111',
  expirationMonth: '12',
  expirationYear: '2027',
  cvv: '123',
};

describe('the card form', () => {
  it('starts as §3 says: US, month 12 of this year; years run from this year for 11 years', () => {
    expect(blankCardPaymentForm(now)).toMatchObject({
      country: 'US',
      expirationMonth: '12',
      expirationYear: '2026',
    });
    expect(expirationYears(now)).toEqual([2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033, 2034, 2035, 2036]);
  });

  it('requires every field of §5 but the telephone, and the zip for US only', async () => {
    const errors = await cardPaymentFieldErrors({ ...blankCardPaymentForm(now) }, now);
    expect(errors).toEqual({
      firstName: 'First Name is required',
      lastName: 'Last Name is required',
      company: 'Company is required',
      street: 'Street is required',
      city: 'City is required',
      state: 'State is required',
      zip: 'Zip Code is required',
      email: 'Email is required',
      cardNumber: 'Card Number is required',
      cvv: 'CVV Code is required',
    });
    const canada = await cardPaymentFieldErrors({ ...card, country: 'CA', state: 'Ontario', zip: '' }, now);
    expect(canada).toEqual({});
  });

  it('accepts a complete card and refuses a bad number, a past expiry, a bad CVV, zip or state', async () => {
    expect(await cardPaymentFieldErrors(card, now)).toEqual({});
    expect(await cardPaymentFieldErrors({ ...card, phone: '(217) 555-0100' }, now)).toEqual({});
    expect(
      await cardPaymentFieldErrors(
        {
          ...card,
          cardNumber: '4111 1111 1111 1112',
          expirationMonth: '4',
          expirationYear: '2026',
          cvv: '12',
          zip: '6270',
          state: 'Illinois',
          phone: '(217) 555',
          email: 'bea@',
        },
        now,
      ),
    ).toEqual({
      cardNumber: 'Card Number is not a valid card number',
      expirationYear: 'The card has expired: check Exp Month and Exp Year',
      cvv: 'CVV Code must be 3 or 4 digits',
      zip: 'Enter a zip code as ##### or #####-####',
      state: 'Choose a state from the list',
      phone: 'Enter a phone number as (###) ###-####',
      email: 'Enter a valid e-mail address',
    });
    // The current month is still good.
    expect(
      await cardPaymentFieldErrors({ ...card, expirationMonth: '5', expirationYear: '2026' }, now),
    ).toEqual({});
  });

  it('sends the card number and CVV without spaces, numbers for the expiry, no empty telephone', () => {
    const body = cardPaymentBody({ ...card, cvv: ' 12 3', firstName: '  Bea ' });
    expect(body).toEqual({
      firstName: 'Bea',
      lastName: 'Broker',
      company: 'Bright Benefits',
      street: '1 Main Street',
      country: 'US',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      email: 'bea@example.com',
      cardNumber: '4111111111111111',
      expirationMonth: 12,
      expirationYear: 2027,
      cvv: '123',
    });
    expect(cardPaymentBody({ ...card, phone: '(217) 555-0100' }).phone).toBe('(217) 555-0100');
  });

  it('checks card numbers with card-validator: 15 (American Express) or 16 digits, Luhn, a known brand', () => {
    expect(validCardNumber('4111 1111 1111 1111')).toBe(true);
    expect(validCardNumber('4111-1111-1111-1111')).toBe(true);
    expect(validCardNumber('378282246310005')).toBe(true);
    expect(validCardNumber('4111111111111112')).toBe(false);
    expect(validCardNumber('4111111111')).toBe(false);
    expect(cardBrand('378282246310005')).toBe('American Express');
    expect(cardBrand('4111111111111111')).toBe('Visa');
  });

  it('asks the CVV size of the card: 4 digits for American Express, 3 for the others', async () => {
    const amex = { ...card, cardNumber: '3782 822463 10005' };
    expect(await cardPaymentFieldErrors({ ...amex, cvv: '123' }, now)).toEqual({
      cvv: 'CVV Code must be 4 digits for this card',
    });
    expect(await cardPaymentFieldErrors({ ...amex, cvv: '1234' }, now)).toEqual({});
    expect(await cardPaymentFieldErrors({ ...card, cvv: '1234' }, now)).toEqual({
      cvv: 'CVV Code must be 3 digits for this card',
    });
  });
});

describe('the ACH form', () => {
  const ach = {
    ...blankAchPaymentForm(),
    routingNumber: '011000015',
    bankName: 'First Bank',
    email: 'bea@example.com',
    accountNumber: '123456789',
    nameOnAccount: 'Bea Broker',
  };

  it('starts on a checking account and requires the five fields of §5', async () => {
    expect(blankAchPaymentForm().checking).toBe(true);
    expect(await achPaymentFieldErrors(blankAchPaymentForm())).toEqual({
      routingNumber: 'ABA Routing Number is required',
      bankName: 'Bank Name is required',
      email: 'Email is required',
      accountNumber: 'Account Number is required',
      nameOnAccount: 'Name on Account is required',
    });
    expect(await achPaymentFieldErrors(ach)).toEqual({});
  });

  it('checks the routing number checksum and the account number length', async () => {
    expect(validRoutingNumber('011000015')).toBe(true);
    expect(validRoutingNumber('011000016')).toBe(false);
    expect(await achPaymentFieldErrors({ ...ach, routingNumber: '123456789', accountNumber: '12' })).toEqual({
      routingNumber: 'ABA Routing Number is not a valid routing number',
      accountNumber: 'Account Number must be 4 to 17 digits',
    });
  });

  it('sends trimmed values and the account type', () => {
    expect(
      achPaymentBody({ ...ach, bankName: ' First Bank ', accountNumber: '1234 5678 9', checking: false }),
    ).toEqual({
      ...ach,
      accountNumber: '123456789',
      checking: false,
    });
  });
});
