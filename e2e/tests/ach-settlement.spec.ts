import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from 'shared-domain';
import { addDocumentToCart, broker, emptyCart, fillAch } from './checkout.js';
import { apiGet, getDocument } from './documents.js';
import { latestMail } from './mail.js';
import { signIn } from './support.js';

/**
 * ACH as it really settles (issue 23 item 6; cart-api README "Payments", "Settlement"): a bank debit
 * leaves its document Processing, then the settlement job makes it Paid and e-mails the receipt, or,
 * for an account ending in 1111 (the sandbox's return), Unpaid with an action item to pay again. The
 * processor (the sandbox, or the fake Authorize.Net with the sandbox's triggers) settles after
 * PAYMENT_SANDBOX_SETTLE_MS and the job asks every PAYMENT_SETTLEMENT_CHECK_MS (2 and 1 minutes by
 * default; the stack may shorten them): the journeys wait for the status, never for a time.
 */
test.beforeEach(async ({ page }) => {
  await signIn(page, 'demo.broker');
  await emptyCart(page);
});

/** Pays the cart's new document by ACH: its id and the order number on the success page. */
async function payByAch(page: Page, company: string, accountNumber: string) {
  await addDocumentToCart(page, company);
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await fillAch(page, { accountNumber });
  await page.getByRole('button', { name: 'Process Payment' }).click();
  await expect(page.getByText(MESSAGES.paymentSuccessful)).toBeVisible();
  await expect(page.getByTestId('payment-processing')).toContainText('Your payment is being processed');
  const orderNumber = (await page.getByTestId('order-number').textContent())!.trim();
  const list = await apiGet<{ data: { documentId: string; name: string }[] }>(
    page,
    `epop-document/${broker.userId}?page=1&searchText=${encodeURIComponent(company)}`,
  );
  const documentId = list.data.find((row) => row.name === company)!.documentId;
  expect((await getDocument(page, documentId)).status).toBe('Processing');
  return { documentId, orderNumber };
}

/** The document's status once it is no longer Processing (the settlement job's poll and delay). */
const settledStatus = (page: Page, documentId: string) =>
  expect
    .poll(async () => (await getDocument(page, documentId)).status, { timeout: 200_000, intervals: [1000] })
    .not.toBe('Processing');

test('an ACH payment is Processing until it settles, then Paid with its receipt e-mailed', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const company = `Settled Orchard ${Date.now()}`;
  const { documentId, orderNumber } = await payByAch(page, company, '123456789');
  await settledStatus(page, documentId);
  expect((await getDocument(page, documentId)).status).toBe('Paid');
  const receipt = await latestMail(
    (mail) => mail.subject.includes(`receipt, order ${orderNumber}`),
    `the receipt of order ${orderNumber}`,
  );
  expect(receipt.to).toContain(broker.email);
});

test('a returned ACH payment leaves the document Unpaid with an action item to pay again', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const company = `Returned Orchard ${Date.now()}`;
  const { documentId, orderNumber } = await payByAch(page, company, '9876541111');
  await settledStatus(page, documentId);
  expect((await getDocument(page, documentId)).status).toBe('Unpaid');
  const told = await latestMail(
    (mail) => mail.subject === `Your payment was returned: order ${orderNumber}`,
    `the returned payment of order ${orderNumber}`,
  );
  expect(told.text).toContain('Your bank returned the payment');
  expect(told.text).not.toContain('9876541111');

  await page.goto('/');
  const items = page.getByRole('region', { name: 'Action Items' });
  await expect(items).toContainText(`Pay again for the POP document of ${company}`);
});
