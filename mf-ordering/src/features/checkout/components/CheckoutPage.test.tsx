import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { broker, renderAt, stubFetch, type RecordedCall, type StubAnswer } from 'shared-ui/testing';
import { apiClient, call, queryKey, useQuery, type Cart, type PaymentAnswer } from 'shared-ui';
import { CheckoutPage } from './CheckoutPage.js';
import { PAYMENT_SUCCESS_TEXT } from './PaymentSuccess.js';

const cart: Cart = {
  subtotal: 300,
  discount: 30,
  total: 270,
  items: [
    {
      id: 'ci-1',
      cartItemId: 'ci-1',
      product: 'Acme POP Document',
      unitPrice: 300,
      discount: 30,
      total: 270,
    },
  ],
  savedForLater: [],
};
const empty: Cart = { subtotal: 0, discount: 0, total: 0, items: [], savedForLater: [] };
const approved: PaymentAnswer = {
  success: true,
  orderId: 'o-1',
  orderNumber: '1001',
  transactionId: 'txn-42',
  displayText: 'This transaction has been approved.',
};
/** Accepted, not decided: an ACH debit settling for days, or a card held for review. */
const accepted: PaymentAnswer = { ...approved, pending: true };
const declined: PaymentAnswer = {
  success: false,
  orderId: null,
  orderNumber: null,
  transactionId: null,
  displayText: 'This transaction has been declined.',
};
const thisYear = new Date().getFullYear();
const CARD_NOTE =
  'Your card information is sent encrypted and is never stored: only its last four digits appear on your receipt.';
const ACH_NOTE =
  'Your account information is sent encrypted and is never stored: only its last four digits appear on your receipt.';

/**
 * A document the purchase pays, as another screen shows it meanwhile (the documents remote reads one
 * document under `[path, documentId, 'form']`, in the same SWR cache).
 */
function DocumentStatus({ documentId }: { documentId: string }) {
  const { data } = useQuery(queryKey('/epop-document/{id}', documentId, 'form'), () =>
    call(apiClient.GET('/epop-document/{id}', { params: { path: { id: documentId } } })),
  );
  return (
    <p>
      Document {documentId}: {data && 'status' in data ? data.status : 'loading'}
    </p>
  );
}

/** The checkout's API: the cart (empty once paid), the purchase's answer, the receipt markup. */
function checkoutServer(purchase: PaymentAnswer | ((call: RecordedCall) => StubAnswer)) {
  let paid = false;
  const answer = (call: RecordedCall): StubAnswer => {
    const result = typeof purchase === 'function' ? purchase(call) : { body: purchase };
    if (result.status === undefined && (result.body as PaymentAnswer).success) paid = true;
    return result;
  };
  const stub = stubFetch({
    'GET /bff/user': { body: broker },
    'GET /shopping-cart/{id}': () => ({ body: paid ? empty : cart }),
    'GET /shopping-cart/{userId}/count/saved-for-later': () => ({
      body: { cartCount: paid ? 0 : 1, savedForLaterCount: 0 },
    }),
    'POST /shopping-cart/{userId}/purchase/card': answer as never,
    'POST /shopping-cart/{userId}/purchase/ach': answer as never,
    'GET /order/{orderId}/receipt': {
      body: {
        orderId: 'o-1',
        orderNumber: '1001',
        receipt: '<h4>Receipt <b>1001</b></h4><p>Visa ending in 1111</p>',
      },
    },
    'GET /epop-document/{id}': (call) => ({
      body: { documentId: call.params.id, status: paid ? 'Paid' : 'Unpaid' } as never,
    }),
  });
  return { ...stub, purchases: () => stub.calls.filter((call) => call.method === 'POST') };
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const type = async (label: string, text: string) => {
  await act(async () => {
    fireEvent.input(field(label), { target: { value: text } });
    fireEvent.change(field(label), { target: { value: text } });
  });
};
const choose = async (label: string, value: string) => {
  await act(async () => {
    fireEvent.change(field(label), { target: { value } });
  });
};
const processPayment = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Process Payment' }));
  });
};

async function fillCard({ zip = '62701', cardNumber = '4111 1111 1111 1111', cvv = '123' } = {}) {
  await choose('Payment Type', 'Credit Card');
  await type('First Name', 'Bea');
  await type('Last Name', 'Broker');
  await type('Company', 'Bright Benefits');
  await type('Street', '1 Main Street');
  await type('City', 'Springfield');
  await choose('State', 'IL');
  await type('Zip Code', zip);
  await type('Email', 'bea@example.com');
  await type('Card Number', cardNumber);
  await choose('Exp Month', '12');
  await choose('Exp Year', String(thisYear + 1));
  await type('CVV Code', cvv);
}

afterEach(cleanup);

describe('CheckoutPage', () => {
  it('frames the payment: breadcrumb, no method chosen, the notes, and the order summary', async () => {
    checkoutServer(approved);
    renderAt('/checkout', <CheckoutPage user={broker} />);
    expect(screen.getByText('Checkout - Payment Information')).toBeTruthy();
    const summary = await screen.findByRole('complementary', { name: 'Order Summary' });
    expect(within(summary).getByText('Acme POP Document')).toBeTruthy();
    expect(within(summary).getByTestId('checkout-total').textContent).toBe('$270.00');
    expect(field('Payment Type').value).toBe('');
    expect(
      within(field('Payment Type'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select...', 'Credit Card', 'ACH']);
    expect(screen.getByText('Please press the Process Payment button only once.')).toBeTruthy();
    expect(screen.getByText(/sent encrypted and is never stored/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to basket' }).getAttribute('href')).toBe('/basket');
  });

  it('sends nothing and says so when no payment method is chosen', async () => {
    const server = checkoutServer(approved);
    renderAt('/checkout', <CheckoutPage user={broker} />);
    await screen.findByRole('complementary', { name: 'Order Summary' });
    await processPayment();
    expect(await screen.findByText('Please select a payment method')).toBeTruthy();
    expect(server.purchases()).toEqual([]);
  });

  it('shows the card form with its selects and says which required fields are missing', async () => {
    const server = checkoutServer(approved);
    renderAt('/checkout', <CheckoutPage user={broker} />);
    await screen.findByRole('complementary', { name: 'Order Summary' });
    await choose('Payment Type', 'Credit Card');

    expect(field('Country').value).toBe('US');
    const months = within(field('Exp Month')).getAllByRole('option').slice(1);
    expect(months.map((option) => option.textContent)).toEqual([
      '01',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '10',
      '11',
      '12',
    ]);
    const years = within(field('Exp Year')).getAllByRole('option').slice(1);
    expect(years).toHaveLength(11);
    expect(years[0]!.textContent).toBe(String(thisYear));
    expect(within(field('State')).getAllByRole('option')).toHaveLength(52);
    expect(field('Telephone').required).toBe(false);

    await processPayment();
    for (const message of [
      'First Name is required',
      'Last Name is required',
      'Company is required',
      'Street is required',
      'City is required',
      'State is required',
      'Zip Code is required',
      'Email is required',
      'Card Number is required',
      'CVV Code is required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(server.purchases()).toEqual([]);
  });

  it('says a card held for review is being reviewed by the card processor, not settling at a bank', async () => {
    checkoutServer(accepted);
    renderAt('/checkout', <CheckoutPage user={broker} />);
    await screen.findByRole('complementary', { name: 'Order Summary' });
    await fillCard();
    await processPayment();
    expect(await screen.findByText('Payment Successful, Thank you your order is now complete')).toBeTruthy();
    const note = screen.getByTestId('payment-processing').textContent;
    expect(note).toBe(PAYMENT_SUCCESS_TEXT.inReview);
    expect(note).toContain('Your payment is being reviewed by the card processor');
    expect(note).not.toContain('bank');
  });

  it('asks for a free-text State and an optional Postal Code outside the US', async () => {
    checkoutServer(approved);
    renderAt('/checkout', <CheckoutPage user={broker} />);
    await screen.findByRole('complementary', { name: 'Order Summary' });
    await choose('Payment Type', 'Credit Card');
    await choose('Country', 'CA');
    expect(field('State').tagName).toBe('INPUT');
    expect(field('Postal Code').required).toBe(false);
    expect(screen.queryByLabelText('Zip Code')).toBeNull();
  });

  it('pays by card: spaces stripped, a modal while it runs, then the order, the transaction and the receipt', async () => {
    let release: () => void = () => undefined;
    const server = checkoutServer(approved);
    // Hold the purchase's answer until the test has seen the page while it runs.
    const answering = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (input instanceof Request && input.url.includes('/purchase/')) {
        await new Promise<void>((resolve) => (release = resolve));
      }
      return answering(input, init);
    }) as typeof fetch;
    renderAt('/checkout', <CheckoutPage user={broker} />);
    await screen.findByRole('complementary', { name: 'Order Summary' });
    await fillCard();
    await type('Telephone', '2175550100');
    await processPayment();

    expect(await screen.findByText('Please wait while we process your order')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Process Payment', hidden: true }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await act(async () => release());

    expect(await screen.findByText('Payment Successful, Thank you your order is now complete')).toBeTruthy();
    expect(screen.getByTestId('order-number').textContent).toBe('1001');
    expect(screen.getByTestId('transaction-id').textContent).toBe('txn-42');
    // A card is paid at once: nothing is being processed.
    expect(screen.queryByTestId('payment-processing')).toBeNull();
    const receipt = await screen.findByRole('article', { name: 'Receipt' });
    expect(within(receipt).getByText('1001').tagName).toBe('B');
    expect(screen.getByRole('link', { name: 'View the receipt page' }).getAttribute('href')).toBe(
      '/orders/o-1/receipt',
    );
    expect(screen.queryByRole('complementary', { name: 'Order Summary' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Process Payment' })).toBeNull();

    const [purchase] = server.purchases();
    expect(purchase!.url).toBe('/api/shopping-cart/u-broker/purchase/card');
    expect(purchase!.body).toEqual({
      firstName: 'Bea',
      lastName: 'Broker',
      company: 'Bright Benefits',
      street: '1 Main Street',
      country: 'US',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      phone: '(217) 555-0100',
      email: 'bea@example.com',
      cardNumber: '4111111111111111',
      expirationMonth: 12,
      expirationYear: thisYear + 1,
      cvv: '123',
      expectedTotal: 270,
    });
    // The cart is read again after the payment (the top bar's menu reads the same answer).
    await waitFor(() =>
      expect(server.calls.filter((call) => call.url === '/api/shopping-cart/u-broker')).toHaveLength(2),
    );
  });

  it('tells a decline in a toast and a red alert, and changes nothing else', async () => {
    const server = checkoutServer(declined);
    renderAt('/checkout', <CheckoutPage user={broker} />);
    await screen.findByRole('complementary', { name: 'Order Summary' });
    await fillCard({ zip: '46282' });
    await processPayment();

    // The toast and the red alert on the page both say the processor's sentence.
    await waitFor(() => expect(screen.getAllByText('This transaction has been declined.')).toHaveLength(2));
    const alert = document.querySelector('.alert-danger') as HTMLElement;
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('This transaction has been declined.');
    expect(screen.queryByText('Payment Successful, Thank you your order is now complete')).toBeNull();
    expect(screen.getByRole('complementary', { name: 'Order Summary' })).toBeTruthy();
    expect(field('Card Number').value).toBe('4111 1111 1111 1111');
    expect(server.purchases()).toHaveLength(1);
  });

  it("shows the server's validation errors as one toast and stays on the form", async () => {
    checkoutServer(() => ({
      status: 400,
      body: {
        type: 'validation',
        errors: ['Card Number is not a valid card number', 'CVV Code must be 3 or 4 digits'],
      },
    }));
    renderAt('/checkout', <CheckoutPage user={broker} />);
    await screen.findByRole('complementary', { name: 'Order Summary' });
    await fillCard();
    await processPayment();
    expect(
      await screen.findByText(/Card Number is not a valid card number\s+CVV Code must be 3 or 4 digits/),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Process Payment' })).toBeTruthy();
  });

  it('pays by ACH from a savings account, with the check help image, and says the payment is being processed', async () => {
    const server = checkoutServer(accepted);
    renderAt('/checkout', <CheckoutPage user={broker} />);
    await screen.findByRole('complementary', { name: 'Order Summary' });
    await choose('Payment Type', 'ACH');
    expect(screen.getByRole('img', { name: /Where to find your routing and account numbers/ })).toBeTruthy();
    await processPayment();
    for (const message of [
      'ABA Routing Number is required',
      'Bank Name is required',
      'Email is required',
      'Account Number is required',
      'Name on Account is required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }

    await type('ABA Routing Number', '011000015');
    await type('Bank Name', 'First Bank');
    await type('Email', 'bea@example.com');
    await type('Account Number', '123456789');
    await type('Name on Account', 'Bea Broker');
    await act(async () => {
      fireEvent.click(screen.getByLabelText('Savings'));
    });
    await processPayment();
    expect(await screen.findByText('Payment Successful, Thank you your order is now complete')).toBeTruthy();
    expect(screen.getByTestId('payment-processing').textContent).toBe(PAYMENT_SUCCESS_TEXT.processing);
    expect(server.purchases().map((call) => [call.url, call.body])).toEqual([
      [
        '/api/shopping-cart/u-broker/purchase/ach',
        {
          routingNumber: '011000015',
          bankName: 'First Bank',
          email: 'bea@example.com',
          accountNumber: '123456789',
          nameOnAccount: 'Bea Broker',
          checking: false,
          expectedTotal: 270,
        },
      ],
    ]);
  });

  it('says the cart is empty instead of asking for payment', async () => {
    stubFetch({ 'GET /bff/user': { body: broker }, 'GET /shopping-cart/{id}': { body: empty } });
    renderAt('/checkout', <CheckoutPage user={broker} />);
    expect(await screen.findByText('Your shopping cart is empty.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Process Payment' })).toBeNull();
  });

  it('sends the total the page shows, and after a 409 shows the new total and pays that one', async () => {
    let current: Cart = cart;
    const changed: Cart = {
      ...cart,
      discount: 0,
      total: 300,
      items: [{ ...cart.items[0]!, discount: 0, total: 300 }],
    };
    const { calls } = stubFetch({
      'GET /bff/user': { body: broker },
      'GET /shopping-cart/{id}': () => ({ body: current }),
      'POST /shopping-cart/{userId}/purchase/card': (call) => {
        if ((call.body as { expectedTotal?: number }).expectedTotal !== 300) {
          // The promo code ended in the meantime: the server's total is $300.00 now.
          current = changed;
          return {
            status: 409,
            body: { message: 'Your cart total has changed to $300.00: review your cart before paying' },
          };
        }
        return { body: approved };
      },
      'GET /order/{orderId}/receipt': {
        body: { orderId: 'o-1', orderNumber: '1001', receipt: '<p>Receipt 1001</p>' },
      },
    });
    renderAt('/checkout', <CheckoutPage user={broker} />);
    const summary = await screen.findByRole('complementary', { name: 'Order Summary' });
    await fillCard();
    await processPayment();

    expect(
      await screen.findByText('Your cart total has changed to $300.00: review your cart before paying'),
    ).toBeTruthy();
    await waitFor(() => expect(within(summary).getByTestId('checkout-total').textContent).toBe('$300.00'));
    expect(screen.queryByText('Payment Successful, Thank you your order is now complete')).toBeNull();
    // What was typed stays: the user reviews the total and presses again.
    expect(field('Card Number').value).toBe('4111 1111 1111 1111');

    await processPayment();
    expect(await screen.findByText('Payment Successful, Thank you your order is now complete')).toBeTruthy();
    const purchases = calls.filter((call) => call.method === 'POST');
    expect(purchases.map((call) => (call.body as { expectedTotal?: number }).expectedTotal)).toEqual([
      270, 300,
    ]);
  });

  it('re-reads the documents the purchase paid, not only the lists keyed by the user', async () => {
    checkoutServer(approved);
    renderAt(
      '/checkout',
      <>
        <CheckoutPage user={broker} />
        <DocumentStatus documentId="d-1" />
      </>,
    );
    expect(await screen.findByText('Document d-1: Unpaid')).toBeTruthy();
    await screen.findByRole('complementary', { name: 'Order Summary' });
    await fillCard();
    await processPayment();
    expect(await screen.findByText('Payment Successful, Thank you your order is now complete')).toBeTruthy();
    expect(await screen.findByText('Document d-1: Paid')).toBeTruthy();
  });

  it('has nothing to pay for a zero total: no payment form, and the way back to Complete on the basket', async () => {
    const free: Cart = {
      subtotal: 300,
      discount: 300,
      total: 0,
      items: [{ ...cart.items[0]!, discount: 300, total: 0 }],
      savedForLater: [],
    };
    stubFetch({ 'GET /bff/user': { body: broker }, 'GET /shopping-cart/{id}': { body: free } });
    renderAt('/checkout', <CheckoutPage user={broker} />);
    expect(
      await screen.findByText('There is nothing to pay: the total of your order is $0.00.'),
    ).toBeTruthy();
    expect(screen.getByText('Go back to your basket and press Complete to finish your order.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to basket' }).getAttribute('href')).toBe('/basket');
    expect(screen.queryByLabelText('Payment Type')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Process Payment' })).toBeNull();
    const summary = screen.getByRole('complementary', { name: 'Order Summary' });
    expect(within(summary).getByTestId('checkout-total').textContent).toBe('$0.00');
  });

  it('says the account information, not the card, is never stored when ACH is chosen', async () => {
    checkoutServer(approved);
    renderAt('/checkout', <CheckoutPage user={broker} />);
    await screen.findByRole('complementary', { name: 'Order Summary' });
    expect(screen.getByText(CARD_NOTE)).toBeTruthy();

    await choose('Payment Type', 'ACH');
    expect(screen.getByText(ACH_NOTE)).toBeTruthy();
    expect(screen.queryByText(CARD_NOTE)).toBeNull();

    await choose('Payment Type', 'Credit Card');
    expect(screen.getByText(CARD_NOTE)).toBeTruthy();
    expect(screen.queryByText(ACH_NOTE)).toBeNull();
  });

  it('brings up a numeric keyboard for the ABA Routing Number', async () => {
    checkoutServer(approved);
    renderAt('/checkout', <CheckoutPage user={broker} />);
    await screen.findByRole('complementary', { name: 'Order Summary' });
    await choose('Payment Type', 'ACH');
    expect(field('ABA Routing Number').inputMode).toBe('numeric');
  });
});
