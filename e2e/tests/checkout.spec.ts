import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { CHECKOUT_MESSAGES, MESSAGES } from 'shared-domain';
import { findSecrets, pdfText, readableFiles } from 'shared-domain/testing';
import { checkScreen } from './accessibility.js';
import {
  addDocumentToCart,
  applyPromoCode,
  broker,
  cartMenu,
  cartRow,
  emptyCart,
  fillAch,
  fillCard,
  promoBox,
} from './checkout.js';
import { latestMailTo } from './mail.js';
import { E2E_DATA_DIR } from './stack.js';
import { signIn } from './support.js';

/**
 * The purchase (specs/1-foundation.md §2 "Shopping cart", "Checkout", "Receipt", §4, §5; issue 10):
 * demo.broker's cart, promo codes, card and ACH payments in the sandbox, the receipt page, its PDF and
 * its e-mail. Each journey starts from an empty cart and fills the order form as a new user would.
 */
const FULL_CARD_NUMBER = '4111111111111111';
const ACH_NOTE =
  'Your account information is sent encrypted and is never stored: only its last four digits appear on your receipt.';
const toast = (page: Page) => page.locator('.Toastify__toast');

test.beforeEach(async ({ page }) => {
  await signIn(page, 'demo.broker');
  await emptyCart(page);
});

test('a broker pays by card with SAVE10, sees the receipt, downloads its PDF and receives it by e-mail', async ({
  page,
}) => {
  const company = `Card Orchard ${Date.now()}`;
  await addDocumentToCart(page, company);
  await expect(cartRow(page, company)).toContainText('$300.00');
  await expect(page.getByTestId('cart-total')).toHaveText('$300.00');
  await expect(cartMenu(page)).toHaveText('1 item(s) in cart');

  await applyPromoCode(page, 'SAVE10');
  await expect(toast(page).filter({ hasText: MESSAGES.discountApplied })).toBeVisible();
  await expect(page.getByTestId('cart-discount')).toHaveText('$30.00');
  await expect(page.getByTestId('cart-total')).toHaveText('$270.00');
  await expect(promoBox(page).getByText('SAVE10', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText('Checkout - Payment Information')).toBeVisible();
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  await expect(summary.getByTestId('checkout-total')).toHaveText('$270.00');
  await expect(page.getByText(CHECKOUT_MESSAGES.pressOnce)).toBeVisible();
  await expect(page.getByText(CHECKOUT_MESSAGES.neverStored)).toBeVisible();

  await fillCard(page);
  await expect(page.getByLabel('Card Number', { exact: true })).toHaveValue('4111 1111 1111 1111');
  await expect(page.getByLabel('Telephone', { exact: true })).toHaveValue('(217) 555-0100');
  await page.getByRole('button', { name: 'Process Payment' }).click();

  await expect(page.getByText(MESSAGES.paymentSuccessful)).toBeVisible();
  const orderNumber = (await page.getByTestId('order-number').textContent())!.trim();
  expect(orderNumber).not.toBe('');
  await expect(page.getByTestId('transaction-id')).toHaveText(/\S+/);
  const receiptOnPage = page.getByRole('article', { name: 'Receipt' });
  await expect(receiptOnPage).toContainText(orderNumber);
  await expect(receiptOnPage).toContainText('1111');
  await expect(receiptOnPage).not.toContainText(FULL_CARD_NUMBER);
  await expect(summary).toHaveCount(0);
  await expect(cartMenu(page)).toHaveText('0 item(s) in cart');
  await checkScreen(page, 'Payment success');

  await page.getByRole('link', { name: 'View the receipt page' }).click();
  await expect(page).toHaveURL(/\/orders\/[^/]+\/receipt$/);
  const receiptUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('article', { name: 'Receipt' })).toContainText(orderNumber);

  const downloading = page.waitForEvent('download');
  const answered = page.waitForResponse((response) => response.url().endsWith('/receipt/download'));
  await page.getByRole('button', { name: 'Download Receipt' }).click();
  const download = await downloading;
  // The name comes from the answer's header (the page's own fallback is a plain receipt.pdf).
  expect((await answered).headers()['content-disposition']).toBe(
    `attachment; filename="receipt-${orderNumber}.pdf"`,
  );
  expect(download.suggestedFilename()).toBe(`receipt-${orderNumber}.pdf`);
  const pdf = readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const { text } = await pdfText(new Uint8Array(pdf));
  expect(text).toContain(orderNumber);
  expect(text).toContain('1111');
  expect(text.replace(/\s+/g, '')).not.toContain(FULL_CARD_NUMBER);

  const mail = await latestMailTo(broker.email);
  expect(mail.subject).toContain(orderNumber);
  expect(mail.text).toContain(orderNumber);
  expect(mail.text).not.toContain(FULL_CARD_NUMBER);

  // My POP Documents: the paid document's order number links to its receipt.
  await page.goto('/');
  await page.getByPlaceholder('Search by company name').fill(company);
  await expect(page.getByRole('link', { name: orderNumber, exact: true })).toHaveAttribute(
    'href',
    receiptUrl,
  );

  // Nothing the stack keeps holds the card number: its databases (and their WAL), the logs, the
  // sessions, and the e-mails of the mail sink and the outbox read decoded, PDF attachments included.
  const kept = await readableFiles(E2E_DATA_DIR);
  expect(findSecrets(kept, [FULL_CARD_NUMBER, '4111 1111 1111 1111'])).toEqual([]);
});

test('a broker pays by ACH', async ({ page }) => {
  const company = `ACH Orchard ${Date.now()}`;
  await addDocumentToCart(page, company);
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await fillAch(page);
  await expect(
    page.getByRole('img', { name: /Where to find your routing and account numbers/ }),
  ).toBeVisible();
  await expect(page.getByLabel('ABA Routing Number', { exact: true })).toHaveValue('011000015');
  await expect(page.getByLabel('ABA Routing Number', { exact: true })).toHaveAttribute(
    'inputmode',
    'numeric',
  );
  await expect(page.getByText(ACH_NOTE)).toBeVisible();
  await expect(page.getByText(CHECKOUT_MESSAGES.neverStored)).toHaveCount(0);
  await page.getByRole('button', { name: 'Process Payment' }).click();

  await expect(page.getByText(MESSAGES.paymentSuccessful)).toBeVisible();
  // A bank debit settles days later (the sandbox: PAYMENT_SANDBOX_SETTLE_MS): processed, not paid yet.
  await expect(page.getByTestId('payment-processing')).toContainText('Your payment is being processed');
  const orderNumber = (await page.getByTestId('order-number').textContent())!.trim();
  const receipt = page.getByRole('article', { name: 'Receipt' });
  await expect(receipt).toContainText(orderNumber);
  await expect(receipt).toContainText('6789');
  await expect(receipt).toContainText('Processing: the bank payment has not settled yet');
  await expect(receipt).not.toContainText('123456789');
  await expect(cartMenu(page)).toHaveText('0 item(s) in cart');
});

test('Card is chosen and the billing prefilled; an incomplete form sends nothing; a declined card is told and changes nothing', async ({
  page,
}) => {
  const company = `Declined Orchard ${Date.now()}`;
  await addDocumentToCart(page, company);
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  const purchases: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/purchase/')) purchases.push(request.url());
  });

  // Credit Card is chosen, nothing is red before the user types, and the billing comes from the
  // profile and the document in the cart.
  await expect(page.getByRole('radio', { name: 'Credit Card' })).toBeChecked();
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(broker.email);
  await expect(page.getByLabel('Company', { exact: true })).toHaveValue(company);
  await expect(page.getByLabel('City', { exact: true })).toHaveValue('Austin');

  // Process Payment on an incomplete form: nothing is sent, the first field to fix takes the focus.
  await page.getByRole('button', { name: 'Process Payment' }).click();
  await expect(page.locator(':focus')).toHaveAttribute('aria-invalid', 'true');
  expect(purchases).toEqual([]);

  await fillCard(page, { zip: '46282' });
  await page.getByRole('button', { name: 'Process Payment' }).click();
  const declined = 'This transaction has been declined.';
  await expect(toast(page).filter({ hasText: declined })).toBeVisible();
  await expect(page.locator('.alert-danger')).toContainText(declined);
  await expect(page.getByText(MESSAGES.paymentSuccessful)).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Order Summary' })).toBeVisible();
  expect(purchases).toHaveLength(1);

  await page.getByRole('link', { name: 'Back to basket' }).click();
  await expect(cartRow(page, company)).toContainText('$300.00');
  await expect(cartMenu(page)).toHaveText('1 item(s) in cart');
});

test('a cart that changed after the checkout showed it is not charged: the new total is shown, then paid', async ({
  page,
}) => {
  const company = `Changed Orchard ${Date.now()}`;
  await addDocumentToCart(page, company);
  await applyPromoCode(page, 'SAVE10');
  await expect(page.getByTestId('cart-total')).toHaveText('$270.00');
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  const total = page.getByRole('complementary', { name: 'Order Summary' }).getByTestId('checkout-total');
  await expect(total).toHaveText('$270.00');
  await fillCard(page);

  // Another tab takes the code off while this page still shows $270.00.
  const removed = await page.request.delete(`/api/shopping-cart/${broker.userId}/promo-code/SAVE10`, {
    headers: { 'X-CSRF': '1' },
  });
  expect(removed.status(), await removed.text()).toBe(200);
  await page.getByRole('button', { name: 'Process Payment' }).click();
  await expect(
    toast(page).filter({ hasText: 'Your cart total has changed to $300.00: review your cart before paying' }),
  ).toBeVisible();
  await expect(total).toHaveText('$300.00');
  await expect(page.getByText(MESSAGES.paymentSuccessful)).toHaveCount(0);
  await expect(page.getByLabel('Card Number', { exact: true })).toHaveValue('4111 1111 1111 1111');

  await page.getByRole('button', { name: 'Process Payment' }).click();
  await expect(page.getByText(MESSAGES.paymentSuccessful)).toBeVisible();
  await expect(page.getByRole('article', { name: 'Receipt' })).toContainText('$300.00');
  await expect(cartMenu(page)).toHaveText('0 item(s) in cart');
});

test('expired, unknown and repeated codes are refused clearly; FREEPOP makes it free and Complete finishes it', async ({
  page,
}) => {
  const company = `Free Orchard ${Date.now()}`;
  await addDocumentToCart(page, company);

  await applyPromoCode(page, 'EXPIRED25');
  await expect(toast(page).filter({ hasText: /The promo code EXPIRED25 expired on/ })).toBeVisible();
  await applyPromoCode(page, 'NOSUCHCODE');
  await expect(toast(page).filter({ hasText: 'The promo code NOSUCHCODE does not exist' })).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText('$300.00');

  await applyPromoCode(page, 'freepop');
  await expect(toast(page).filter({ hasText: MESSAGES.discountApplied })).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText('$0.00');
  await applyPromoCode(page, 'FREEPOP');
  await expect(toast(page).filter({ hasText: /FREEPOP has already been applied/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Proceed to checkout' })).toHaveCount(0);

  // Nothing to pay at /checkout (the server refuses a payment of $0.00): the way back to Complete.
  await page.goto('/checkout');
  await expect(page.getByText('There is nothing to pay: the total of your order is $0.00.')).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Payment Type' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Process Payment' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to basket' }).click();
  await expect(page).toHaveURL(/\/basket$/);

  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page).filter({ hasText: MESSAGES.orderCompleted })).toBeVisible();
  await expect(cartMenu(page)).toHaveText('0 item(s) in cart');
});

test('Save for later, Move to cart and Delete (after its confirmation), the top-bar count following', async ({
  page,
}) => {
  const stamp = Date.now();
  const first = `Saved Orchard ${stamp}`;
  const second = `Deleted Orchard ${stamp}`;
  await addDocumentToCart(page, first);
  await addDocumentToCart(page, second);
  await expect(cartMenu(page)).toHaveText('2 item(s) in cart');
  await expect(page.getByTestId('cart-total')).toHaveText('$600.00');

  await cartRow(page, first).getByRole('button', { name: 'Save for later' }).click();
  const saved = page.getByRole('table', { name: 'Items saved for later' });
  await expect(cartRow(page, first)).toHaveCount(1);
  await expect(saved).toContainText(first);
  await expect(cartMenu(page)).toHaveText('1 item(s) in cart');
  await expect(page.getByTestId('cart-total')).toHaveText('$300.00');
  await page.getByRole('navigation', { name: 'User navigation' }).getByText('Home', { exact: true }).click();
  await expect(page.getByText('You have 1 item(s) saved for later.')).toBeVisible();
  await page.getByRole('link', { name: 'View your cart' }).click();

  await saved.getByRole('button', { name: 'Move to cart' }).click();
  await expect(saved).toHaveCount(0);
  await expect(cartMenu(page)).toHaveText('2 item(s) in cart');

  await cartRow(page, second).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(
    CHECKOUT_MESSAGES.confirmRemove((await cartRow(page, second).getByRole('link').textContent())!.trim()),
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(cartRow(page, second)).toBeVisible();

  await cartRow(page, second).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(cartRow(page, second)).toHaveCount(0);
  await expect(cartMenu(page)).toHaveText('1 item(s) in cart');
  await expect(page.getByTestId('cart-total')).toHaveText('$300.00');
  await cartMenu(page).click();
  await expect(page.getByRole('navigation', { name: 'User navigation' })).toContainText(first);
});
