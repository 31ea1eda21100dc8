import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { broker, renderAt, stubFetch, type RecordedCall, type StubAnswer } from 'shared-ui/testing';
import {
  apiClient,
  call,
  queryKey,
  useQuery,
  type Cart,
  type CartDocument,
  type DocumentListRow,
  type PaymentAnswer,
} from 'shared-ui';
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
/** The document in the cart: its company step's answers (the rest of the form left out). */
const cartDocument: CartDocument = {
  cartItemId: 'ci-1',
  actionItemId: null,
  productId: 'p-1',
  strategicPartnerId: null,
  selectedAttributes: [],
  unitPrice: 300,
  form: {
    clientCompanyName: 'Acme Tools',
    addressLine1: '9 Harbor Road',
    addressLine2: 'Suite 4',
    city: 'Portland',
    state: 'ME',
    zipCode: '04101',
  },
  partner: null,
};
/** The document the order paid, as My POP Documents lists it once paid. */
const boughtRow = (status: DocumentListRow['status']): DocumentListRow => ({
  documentId: 'd-1',
  orderId: 'o-1',
  orderNumber: '1001',
  name: 'Acme Tools',
  clientId: 'c-1',
  startDate: '2027-01-01',
  endDate: '2027-12-31',
  createdDate: '2026-11-28T10:00:00Z',
  showUserReceipt: true,
  status,
  isReadOnly: status !== 'Paid',
  deactivated: false,
  readyForRenewal: false,
});
/** Another document of the user's, of an earlier order. */
const olderRow: DocumentListRow = {
  ...boughtRow('Paid'),
  documentId: 'd-0',
  orderId: 'o-0',
  name: 'Older Co',
};
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

/**
 * The checkout's API: the cart (empty once paid), its document, the purchase's answer, the receipt
 * markup, and the user's documents (the one bought Paid, or Processing while a payment settles).
 */
function checkoutServer(
  purchase: PaymentAnswer | ((call: RecordedCall) => StubAnswer),
  { document = cartDocument as CartDocument | null } = {},
) {
  let paid = false;
  let pending = false;
  const answer = (call: RecordedCall): StubAnswer => {
    const result = typeof purchase === 'function' ? purchase(call) : { body: purchase };
    if (result.status === undefined && (result.body as PaymentAnswer).success) {
      paid = true;
      pending = (result.body as PaymentAnswer).pending === true;
    }
    return result;
  };
  const stub = stubFetch({
    'GET /bff/user': { body: broker },
    'GET /shopping-cart/{id}': () => ({ body: paid ? empty : cart }),
    'GET /shopping-cart/{userId}/count/saved-for-later': () => ({
      body: { cartCount: paid ? 0 : 1, savedForLaterCount: 0 },
    }),
    'GET /cart/{cartItemId}/epop': () =>
      document ? { body: document } : { status: 404, body: { message: 'Not found' } },
    'POST /shopping-cart/{userId}/purchase/card': answer as never,
    'POST /shopping-cart/{userId}/purchase/ach': answer as never,
    'GET /order/{orderId}/receipt': {
      body: {
        orderId: 'o-1',
        orderNumber: '1001',
        receipt: '<h4>Receipt <b>1001</b></h4><p>Visa ending in 1111</p>',
      },
    },
    'GET /epop-document/{id}': (call) =>
      call.params.id === broker.userId
        ? {
            body: {
              data: paid ? [boughtRow(pending ? 'Processing' : 'Paid'), olderRow] : [olderRow],
              pages: 1,
            },
          }
        : { body: { documentId: call.params.id, status: paid ? 'Paid' : 'Unpaid' } as never },
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
const leave = async (label: string) => {
  await act(async () => {
    fireEvent.blur(field(label));
  });
};
const payBy = async (method: 'Credit Card' | 'ACH') => {
  await act(async () => {
    fireEvent.click(screen.getByRole('radio', { name: method }));
  });
};
/** The error shown for a field: the text its aria-describedby names, when it is marked invalid. */
const errorOf = (label: string) => {
  const input = field(label);
  if (input.getAttribute('aria-invalid') !== 'true') return null;
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent).join(' ') || null;
};
const processPayment = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Process Payment' }));
  });
};

async function fillCard({ zip = '62701', cardNumber = '4111 1111 1111 1111', cvv = '123' } = {}) {
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
  it('frames the payment: breadcrumb, one h1, the title, the summary before the form, Card chosen, the notes', async () => {
    checkoutServer(approved);
    renderAt('/checkout', <CheckoutPage user={broker} />);
    expect(screen.getByText('Checkout - Payment Information')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([
      'Checkout',
    ]);
    expect(document.title).toBe('Checkout - POP Documents');
    const summary = await screen.findByRole('complementary', { name: 'Order Summary' });
    expect(within(summary).getByText('Acme POP Document')).toBeTruthy();
    expect(within(summary).getByTestId('checkout-total').textContent).toBe('$270.00');
    // A phone shows the page in this order: what is paid for, then the Pay button.
    const pay = screen.getByRole('button', { name: 'Process Payment' });
    expect(summary.compareDocumentPosition(pay) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const method = screen.getByRole('radiogroup', { name: 'Payment Type' });
    expect(
      within(method)
        .getAllByRole('radio')
        .map((radio) => [radio.getAttribute('value'), (radio as HTMLInputElement).checked]),
    ).toEqual([
      ['Credit Card', true],
      ['ACH', false],
    ]);
    expect(field('Card Number')).toBeTruthy();
    expect(screen.getByText('Please press the Process Payment button only once.')).toBeTruthy();
    expect(screen.getByText(CARD_NOTE)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to basket' }).getAttribute('href')).toBe('/basket');
  });

  it('prefills the name and e-mail from the profile, and the company and address from the document in the cart', async () => {
    checkoutServer(approved);
    renderAt('/checkout', <CheckoutPage user={broker} />);
    await screen.findByRole('complementary', { name: 'Order Summary' });
    expect(field('First Name').value).toBe('Demo');
    expect(field('Last Name').value).toBe('Broker');
    expect(field('Email').value).toBe('broker@example.com');
    await waitFor(() => expect(field('Company').value).toBe('Acme Tools'));
    expect(field('Street').value).toBe('9 Harbor Road, Suite 4');
    expect(field('City').value).toBe('Portland');
    expect(field('State').value).toBe('ME');
    expect(field('Zip Code').value).toBe('04101');
    expect(field('Telephone').value).toBe('');
    // Prefilled, not checked yet: nothing is red.
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
  });

  it('keeps what was typed when the document arrives after it', async () => {
    let release: () => void = () => undefined;
    checkoutServer(approved);
    const answering = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (input instanceof Request && input.url.includes('/epop')) {
        await new Promise<void>((resolve) => (release = resolve));
      }
      return answering(input, init);
    }) as typeof fetch;
    renderAt('/checkout', <CheckoutPage user={broker} />);
    await screen.findByRole('complementary', { name: 'Order Summary' });
    await type('Company', 'Typed Company');
    await act(async () => release());
    await waitFor(() => expect(field('City').value).toBe('Portland'));
    expect(field('Company').value).toBe('Typed Company');
  });

  it('shows no error before a field is typed in or left, then each under its field, tied to it', async () => {
    const server = checkoutServer(approved, { document: null });
    renderAt('/checkout', <CheckoutPage user={broker} />);
    await screen.findByRole('complementary', { name: 'Order Summary' });
    await type('Card Number', '4111');
    expect(errorOf('Card Number')).toBeNull();
    expect(errorOf('Company')).toBeNull();

    await leave('Company');
    expect(errorOf('Company')).toBe('Company is required');
    expect(errorOf('Street')).toBeNull();

    await processPayment();
    await waitFor(() => expect(errorOf('Street')).toBe('Street is required'));
    for (const [label, message] of [
      ['Company', 'Company is required'],
      ['City', 'City is required'],
      ['State', 'State is required'],
      ['Zip Code', 'Zip Code is required'],
      ['CVV Code', 'CVV Code is required'],
    ]) {
      expect(errorOf(label!)).toBe(message);
    }
    expect(errorOf('Card Number')).toMatch(/card number/i);
    // The profile filled these.
    expect(errorOf('First Name')).toBeNull();
    expect(errorOf('Email')).toBeNull();
    // The first field in error takes the focus, so the user lands on what to fix.
    expect(document.activeElement).toBe(field('Company'));
    expect(server.purchases()).toEqual([]);
  });

  it('starts the other method clean: no field of ACH is red after a Process Payment by card', async () => {
    checkoutServer(approved, { document: null });
    renderAt('/checkout', <CheckoutPage user={broker} />);
    await screen.findByRole('complementary', { name: 'Order Summary' });
    await processPayment();
    await waitFor(() => expect(errorOf('Company')).toBe('Company is required'));

    await payBy('ACH');
    expect(screen.getByRole('radio', { name: 'ACH' })).toHaveProperty('checked', true);
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
    expect(screen.queryByText(/is required/)).toBeNull();
  });

  it('shows the card form with its selects', async () => {
    checkoutServer(approved);
    renderAt('/checkout', <CheckoutPage user={broker} />);
    await screen.findByRole('complementary', { name: 'Order Summary' });

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
    // The way to the documents just bought (only this order's: not the older one's).
    const documents = screen.getByRole('region', { name: 'Your documents' });
    expect(
      (await within(documents).findByRole('link', { name: 'Download Acme Tools' })).getAttribute('href'),
    ).toBe('/document/d-1/download');
    expect(
      within(documents)
        .getByRole('link', { name: 'Non-discrimination Testing Acme Tools' })
        .getAttribute('href'),
    ).toBe('/document/d-1/ndt');
    expect(within(documents).getByRole('link', { name: 'My POP Documents' }).getAttribute('href')).toBe('/');
    expect(within(documents).queryByText('Older Co')).toBeNull();
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
    await payBy('ACH');
    expect(screen.getByRole('img', { name: /Where to find your routing and account numbers/ })).toBeTruthy();
    await processPayment();
    for (const message of [
      'ABA Routing Number is required',
      'Bank Name is required',
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
    // Being processed: the document is listed with its status, neither downloadable nor testable yet.
    const documents = await screen.findByRole('region', { name: 'Your documents' });
    expect(await within(documents).findByText('Processing')).toBeTruthy();
    expect(within(documents).getByText('Acme Tools')).toBeTruthy();
    expect(within(documents).queryByRole('link', { name: /Download/ })).toBeNull();
    expect(within(documents).queryByRole('link', { name: /Non-discrimination Testing/ })).toBeNull();
    expect(within(documents).getByRole('link', { name: 'My POP Documents' }).getAttribute('href')).toBe('/');
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

    await payBy('ACH');
    expect(screen.getByText(ACH_NOTE)).toBeTruthy();
    expect(screen.queryByText(CARD_NOTE)).toBeNull();

    await payBy('Credit Card');
    expect(screen.getByText(CARD_NOTE)).toBeTruthy();
    expect(screen.queryByText(ACH_NOTE)).toBeNull();
  });

  it('brings up a numeric keyboard for the ABA Routing Number', async () => {
    checkoutServer(approved);
    renderAt('/checkout', <CheckoutPage user={broker} />);
    await screen.findByRole('complementary', { name: 'Order Summary' });
    await payBy('ACH');
    expect(field('ABA Routing Number').inputMode).toBe('numeric');
  });
});
