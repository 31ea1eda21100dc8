import { expect, test, type Page } from '@playwright/test';
import { demoId } from 'service-kit/server';
import { latestMail } from './mail.js';
import { fillOrderForm } from './order-form.js';
import { signIn } from './support.js';

/** Order Management (specs/1-foundation.md §2 "Admin Orders", §4 "Order"), as the compliance team uses it. */

const SEARCH = 'Order #, Transaction #, or Company Name';

/** The rows of the orders table shown (one per order). */
const orderRows = (page: Page) => page.getByRole('table', { name: 'Orders' }).locator('tbody tr');

/** The row of one order: its number is the row's header. */
const orderRow = (page: Page, orderNumber: string) =>
  orderRows(page).filter({ has: page.getByRole('rowheader', { name: orderNumber, exact: true }) });

/** The order number of a row. */
async function orderNumberOf(row: ReturnType<typeof orderRows>): Promise<string> {
  return (await row.getByRole('rowheader').textContent())!.trim();
}

/** Searches the orders for one number and answers its row. */
async function findOrder(page: Page, orderNumber: string) {
  await page.getByPlaceholder(SEARCH).fill(orderNumber);
  const row = orderRow(page, orderNumber);
  await expect(orderRows(page)).toHaveCount(1);
  await expect(row).toBeVisible();
  return row;
}

test('compliance sees a new order highlighted and marks it reviewed; the highlight stays gone', async ({
  page,
}) => {
  await signIn(page, 'demo.compliance');
  await expect(page.getByRole('heading', { name: 'Order Management' })).toBeVisible();

  // The demo's newest orders are waiting for review: highlighted, with a New status.
  const newOrder = orderRows(page)
    .filter({ has: page.getByText('New', { exact: true }) })
    .first();
  await expect(newOrder).toBeVisible();
  const orderNumber = await orderNumberOf(newOrder);
  const row = orderRow(page, orderNumber);
  await expect(row).toHaveClass(/data-table-row-new/);

  await row.getByRole('button', { name: 'Mark as Reviewed' }).click();
  await expect(row).not.toHaveClass(/data-table-row-new/);
  await expect(row.getByText('New', { exact: true })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Mark as Reviewed' })).toHaveCount(0);

  // Reviewed for good: after a reload the order is still not new.
  await page.reload();
  const reloaded = await findOrder(page, orderNumber);
  await expect(reloaded.getByText('New', { exact: true })).toHaveCount(0);
  await expect(reloaded.getByRole('button', { name: 'Mark as Reviewed' })).toHaveCount(0);
});

test('Email Purchaser asks first, then the receipt with its PDF arrives in the purchaser’s inbox', async ({
  page,
}) => {
  await signIn(page, 'demo.compliance');
  // A paid order: it has its receipt.
  const paid = orderRows(page)
    .filter({ has: page.getByRole('link', { name: 'View Receipt' }) })
    .first();
  await expect(paid).toBeVisible();
  const orderNumber = await orderNumberOf(paid);
  const row = await findOrder(page, orderNumber);
  const subject = `Your POP Documents receipt, order ${orderNumber}`;

  // Cancel: nothing is sent.
  await row.getByRole('button', { name: 'Email Purchaser' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Are you sure?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Yes: sent to the purchaser, whose address the toast names.
  const orders = await page.request.get(`/api/order?page=1&pageSize=10&searchText=${orderNumber}`, {
    headers: { 'X-CSRF': '1' },
  });
  expect(orders.ok()).toBe(true);
  const purchaser = (
    (await orders.json()) as { data: { orderNumber: string; orderedByEmail: string }[] }
  ).data.find((order) => order.orderNumber === orderNumber)!.orderedByEmail;
  await row.getByRole('button', { name: 'Email Purchaser' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(`Receipt sent to ${purchaser}`)).toBeVisible();

  const mail = await latestMail(
    (received) => received.subject === subject,
    `the receipt of order ${orderNumber}`,
  );
  expect(mail.to).toBe(purchaser);
  expect(mail.text).toContain(orderNumber);
  const pdf = mail.attachments.find((attachment) => attachment.mimeType === 'application/pdf');
  expect(pdf?.filename).toBe(`receipt-${orderNumber}.pdf`);
  expect(pdf!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test('View Receipt opens the order’s receipt page', async ({ page }) => {
  await signIn(page, 'demo.compliance');
  const paid = orderRows(page)
    .filter({ has: page.getByRole('link', { name: 'View Receipt' }) })
    .first();
  await expect(paid).toBeVisible();
  const orderNumber = await orderNumberOf(paid);
  await paid.getByRole('link', { name: 'View Receipt' }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/receipt$/);
  // The receipt page (mf-ordering): the server's receipt markup and Download Receipt.
  await expect(page.getByText(orderNumber).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download Receipt' })).toBeVisible();
});

test("New POP Document offers General and each partner; compliance creates a partner's document from it", async ({
  page,
}) => {
  await signIn(page, 'demo.compliance');
  await page.getByRole('button', { name: 'New POP Document' }).click();
  await expect(page.getByRole('link', { name: 'General' })).toHaveAttribute('href', '/document/new');
  for (const partner of ['Colonial Life', 'Summit Benefits Partners', 'Harbor Insurance Group']) {
    await expect(page.getByRole('link', { name: partner })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Colonial Life' }).click();
  await expect(page).toHaveURL(new RegExp(`/document/new/${demoId('partner colonial')}$`));
  // The partner's form: Colonial labels its account id field.
  await expect(page.getByLabel('Colonial Account Number', { exact: true })).toBeVisible();

  // Harbor's entry, filled and saved without a purchase: the document is Harbor's.
  await page.goto('/');
  await page.getByRole('button', { name: 'New POP Document' }).click();
  await page.getByRole('link', { name: 'Harbor Insurance Group' }).click();
  const harbor = demoId('partner harbor');
  await expect(page).toHaveURL(new RegExp(`/document/new/${harbor}$`));
  const company = `Harbor Client ${Date.now()}`;
  await fillOrderForm(page, company);
  await page.getByRole('button', { name: 'Create Free Document' }).click();
  await expect(page.getByText('The document has been saved')).toBeVisible();
  const saved = await page.request.get(`/api/client/search?searchText=${encodeURIComponent(company)}`, {
    headers: { 'X-CSRF': '1' },
  });
  expect(await saved.json()).toEqual([expect.objectContaining({ name: company })]);
});

test('compliance narrows the orders to the new ones, marks two reviewed at once, and Back keeps the filter', async ({
  page,
}) => {
  await signIn(page, 'demo.compliance');
  const filters = page.getByRole('form', { name: 'Filter orders' });
  await filters.getByLabel('New only').check();
  await expect(page).toHaveURL(/[?&]new=1/);
  const rows = orderRows(page);
  await expect(rows.first()).toBeVisible();
  // Every row shown is new.
  await expect(rows.filter({ hasNot: page.getByText('New', { exact: true }) })).toHaveCount(0);

  const [first, second] = [await orderNumberOf(rows.nth(0)), await orderNumberOf(rows.nth(1))];
  await page.getByRole('checkbox', { name: `Select order ${first}` }).check();
  await page.getByRole('checkbox', { name: `Select order ${second}` }).check();
  await page.getByRole('button', { name: 'Mark as Reviewed (2)' }).click();
  await expect(page.getByText('2 orders marked as reviewed')).toBeVisible();
  // Reviewed: they leave the list of new orders.
  await expect(orderRow(page, first)).toHaveCount(0);
  await expect(orderRow(page, second)).toHaveCount(0);

  // The filter is in the address: Back returns to the unfiltered list, Forward to the new ones.
  await page.goBack();
  await expect(filters.getByLabel('New only')).not.toBeChecked();
  await expect(orderRow(page, first)).toBeVisible();
  await page.goForward();
  await expect(filters.getByLabel('New only')).toBeChecked();
});
