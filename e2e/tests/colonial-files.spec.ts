import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { productToday } from 'shared-domain';
import { demoId } from 'service-kit/server';
import { apiGet, downloadFrom } from './documents.js';
import { headerOf, rowsOf, sheetOf } from './excel.js';
import { holdAnswers, signIn } from './support.js';

/**
 * Colonial's files and the test BCNs (issue 12 "Colonial files and BCN", "Acceptance"). Demo data:
 * Delta Freight Services (Colonial Life, account E480111, BCN BCN-480111, its document ordered about 28
 * days ago), Lakeside Marina (Colonial, account E480407, no BCN yet), the test BCN TEST-0001.
 */
const DELTA_DOCUMENT = demoId('broker document 3');
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface BillFileRow {
  accountId: string;
  clientCompanyName: string;
  transCode: string;
}

test('compliance runs the Colonial bill file of a month and downloads it as Excel', async ({ page }) => {
  await signIn(page, 'demo.compliance');
  const delta = await apiGet<{ createdDate: string }>(page, `epop-document/${DELTA_DOCUMENT}`);
  const [year, month] = productToday(new Date(delta.createdDate)).split('-').map(Number) as [number, number];
  const expected = await apiGet<BillFileRow[]>(page, `colonial/bill-file?month=${month}&year=${year}`);
  expect(expected).toContainEqual(
    expect.objectContaining({
      accountId: 'E480111',
      clientCompanyName: 'Delta Freight Services',
      transCode: 'A',
    }),
  );

  await page.goto('/admin/utilities/colonial-bill-file');
  const [thisYear, thisMonth] = productToday().split('-').map(Number) as [number, number];
  await expect(page.getByLabel('Month')).toHaveValue(String(thisMonth));
  await expect(page.getByLabel('Year')).toHaveValue(String(thisYear));
  await page.getByLabel('Month').selectOption(String(month));
  await page.getByLabel('Year').selectOption(String(year));
  const release = await holdAnswers(page, '**/api/colonial/bill-file?*');
  await page.getByRole('button', { name: 'Run Report' }).click();
  await expect(page.getByText('Generating Report. Please wait')).toBeVisible();
  release();
  const table = page.getByRole('table', { name: /^Bill file: / });
  const deltaRow = table.getByRole('row').filter({ hasText: 'Delta Freight Services' });
  await expect(deltaRow).toContainText('E480111');
  await expect(deltaRow).toContainText('Memphis');
  await expect(table.getByRole('row')).toHaveCount(expected.length + 1);

  const file = await downloadFrom(page, () => page.getByRole('button', { name: 'Download Excel' }).click());
  expect(file.name).toBe(`Colonial Bill File ${year}-${String(month).padStart(2, '0')}.xlsx`);
  const sheet = await sheetOf(file.path);
  expect(headerOf(sheet)).toEqual([
    'accountId',
    'accountIdSuffix',
    'Client',
    'City',
    'State',
    'group_id',
    'agentId',
    'Created',
    'Plan Year Start',
    'transCode',
  ]);
  const rows = rowsOf(sheet);
  expect(rows.map((row) => [row[0], row[2], row[9]])).toEqual(
    expected.map((row) => [row.accountId, row.clientCompanyName, row.transCode]),
  );
  const deltaCells = rows.find((row) => row[2] === 'Delta Freight Services')!;
  expect(deltaCells.slice(0, 6)).toEqual([
    'E480111',
    '001',
    'Delta Freight Services',
    'Memphis',
    'TN',
    'G303',
  ]);
  expect(deltaCells[7]).toBeInstanceOf(Date);
});

/** A return file of `count` rows: Delta by its BCN, Lakeside by its account id, the rest test rows. */
async function returnFile(count: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Return File');
  sheet.addRow(['BCN Vendor', 'BCN', 'Account Id', 'Qualify Date', 'No Pay']);
  sheet.addRow(['Colonial', 'BCN-480111', '', new Date(Date.UTC(2027, 0, 1)), '']);
  sheet.addRow(['Colonial', 'BCN-480407', 'E480407', '02/01/2027', '']);
  sheet.addRow(['Colonial', 'BCN-NOBODY', '', '02/01/2027', '']);
  for (let row = 4; row <= count; row += 1) sheet.addRow(['Colonial', 'TEST-0001', '', '03/01/2027', '']);
  sheet.getColumn(4).numFmt = 'mm/dd/yyyy';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test('a return file of 1,000 rows uploads, the page polls, and shows each row’s result', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'demo.compliance');
  await page.goto('/admin/utilities/return-file-upload');
  await expect(page.getByText('No file chosen')).toBeVisible();
  await page.getByLabel('Return file', { exact: true }).setInputFiles({
    name: 'colonial-return-1000.xlsx',
    mimeType: XLSX,
    buffer: await returnFile(1_000),
  });
  await expect(page.getByText('colonial-return-1000.xlsx')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change' })).toBeVisible();
  const polls: number[] = [];
  page.on('request', (request) => {
    if (/\/api\/colonial\/return-file\/[0-9a-f-]{36}$/.test(request.url())) polls.push(Date.now());
  });
  const uploadedAt = Date.now();
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('File has been uploaded and is currently processing')).toBeVisible();

  const table = page.getByRole('table', {
    name: /^Results: colonial-return-1000\.xlsx \(999 of 1000 rows applied\)/,
  });
  await expect(table).toBeVisible({ timeout: 30_000 });
  // The first poll came 5 s after the upload.
  expect(polls[0]! - uploadedAt).toBeGreaterThanOrEqual(4_900);
  await expect(table.getByRole('row')).toHaveCount(1_001);
  await expect(table.getByRole('row').nth(1)).toContainText('Qualify date 01/01/2027 recorded');
  await expect(table.getByRole('row').nth(2)).toContainText(
    'BCN BCN-480407 recorded; Qualify date 02/01/2027 recorded',
  );
  await expect(table.getByRole('row').nth(3)).toContainText('No client has BCN BCN-NOBODY');
  await expect(table.getByRole('row').nth(1_000)).toContainText('Test BCN: nothing applied');

  // The BCN page finds Lakeside by the BCN the file taught it.
  await page.goto('/admin/utilities/bcn');
  await page.getByLabel('BCN to search').fill('bcn-480407');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('link', { name: 'Lakeside Marina' })).toHaveAttribute(
    'href',
    `/admin/client/${demoId('client Lakeside Marina')}`,
  );
});

test('an XLS, a renamed PDF or a file over the limit is refused with its message', async ({ page }) => {
  await signIn(page, 'demo.compliance');
  await page.goto('/admin/utilities/return-file-upload');
  const input = page.getByLabel('Return file', { exact: true });

  await input.setInputFiles({
    name: 'old.xls',
    mimeType: 'application/vnd.ms-excel',
    buffer: Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(1024),
    ]),
  });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(
    page.getByText(
      /old Excel 97-2003 \(\.xls\) file: open it in Excel, save it as an Excel Workbook \(\.xlsx\)/,
    ),
  ).toBeVisible();
  await expect(page.getByText('Upload status: failed')).toBeAttached();

  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByText('No file chosen')).toBeVisible();
  await input.setInputFiles({
    name: 'return.xlsx',
    mimeType: XLSX,
    buffer: Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
  });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(
    page.getByText('This is a PDF file, not an Excel workbook: upload the return file as .xlsx'),
  ).toBeVisible();

  // 50 MB through the gateway: its clear message, not a bare 413.
  const answer = await page.evaluate(async () => {
    const form = new FormData();
    form.append('returnFile', new Blob([new Uint8Array(50 * 1000 * 1000)]), 'big.xlsx');
    const response = await fetch('/api/colonial/return-file', {
      method: 'POST',
      headers: { 'X-CSRF': '1' },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as unknown };
  });
  expect(answer).toEqual({
    status: 413,
    body: { message: 'The file is too large: upload a file of at most 10 MB' },
  });
});

test('compliance adds test BCNs from a comma-separated list: an error toast per failed item', async ({
  page,
}) => {
  await signIn(page, 'demo.compliance');
  await page.goto('/admin/utilities/bcn');
  await expect(page.getByRole('table', { name: 'Test BCNs' })).toContainText('TEST-0001');
  const suffix = String(Date.now()).slice(-6);
  await page.getByLabel('Add BCNs').fill(`e2e-${suffix}, ,TEST-0001,bad bcn!`);
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('A BCN cannot be blank: remove the empty item from the list')).toBeVisible();
  await expect(page.getByText('TEST-0001 is already a test BCN')).toBeVisible();
  await expect(
    page.getByText('bad bcn! is not a valid BCN: use 1 to 20 letters, digits or hyphens'),
  ).toBeVisible();
  await expect(page.getByText(`Added E2E-${suffix}`)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Test BCNs' })).toContainText(`E2E-${suffix}`);
  await expect(page.getByLabel('Add BCNs')).toHaveValue(' ,TEST-0001,bad bcn!');
});
