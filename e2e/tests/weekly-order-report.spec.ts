import { expect, test } from '@playwright/test';
import { addDays, formatIsoDate, productToday } from 'shared-domain';
import { apiGet } from './documents.js';
import { headerOf, rowsOf, sheetOf } from './excel.js';
import { holdAnswers, signIn } from './support.js';

/**
 * The weekly order report (issue 12 "Weekly order report", "Acceptance": the report downloads an Excel
 * file that exceljs opens with the right rows). Demo data: Acme Landscaping's order, paid yesterday.
 */
interface WeeklyRow {
  companyName: string;
  transactionId: string;
}

test('the weekly order report runs for last Monday to this Sunday and its Excel file downloads by itself', async ({
  page,
}) => {
  await signIn(page, 'demo.compliance');
  const today = productToday();
  const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
  const [from, to] = [addDays(monday, -7), addDays(monday, 6)];
  const expected = await apiGet<WeeklyRow[]>(page, `sales-report/epop?from=${from}&to=${to}`);
  expect(expected.map((row) => row.companyName)).toContain('Acme Landscaping Inc');

  await page.goto('/admin/utilities/weekly-order-report');
  await expect(page.getByRole('textbox', { name: 'From' })).toHaveValue(formatIsoDate(from));
  await expect(page.getByRole('textbox', { name: 'To' })).toHaveValue(formatIsoDate(to));
  // Hold the answer: the page says it is working meanwhile.
  const release = await holdAnswers(page, '**/api/sales-report/epop?*');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Run Report' }).click();
  await expect(page.getByText('Generating Report. Please wait')).toBeVisible();
  release();

  // Nobody clicks Download Excel: the file comes by itself because there are rows.
  const file = await download;
  expect(file.suggestedFilename()).toBe(`Weekly Order Report ${from} to ${to}.xlsx`);
  const path = test.info().outputPath(file.suggestedFilename());
  await file.saveAs(path);
  const sheet = await sheetOf(path);
  expect(headerOf(sheet)).toEqual([
    'Company Name',
    'State',
    'Order Date',
    'Plan Start Date',
    'Plan End Date',
    'Payment Method',
    'Transaction Id',
    'Price',
    'Commissioned',
    'Broker',
    'Created By',
  ]);
  const rows = rowsOf(sheet);
  // A free order has no transaction id: an empty cell in the file.
  expect(rows.map((row) => [row[0], row[6] || null])).toEqual(
    expected.map((row) => [row.companyName, row.transactionId || null]),
  );
  const acme = rows.find((row) => row[0] === 'Acme Landscaping Inc')!;
  expect(acme[2]).toBeInstanceOf(Date);
  expect(typeof acme[7]).toBe('number');

  const table = page.getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: 'Acme Landscaping Inc' }).first()).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(expected.length + 1);
});
