import { expect, test, type Page } from '@playwright/test';
import { productToday } from 'shared-domain';
import { demoId } from 'service-kit/server';
import { apiGet, downloadFrom } from './documents.js';
import { headerOf, rowsOf, sheetOf } from './excel.js';
import { holdAnswers, signIn } from './support.js';

/**
 * A strategic partner's clients and report (issue 12 "Acceptance": the client export and the
 * partner report download Excel files that exceljs opens with the right rows). Demo data: Summit
 * Benefits Partners has Acme Landscaping Inc (account id SUMMIT-1001, its order paid yesterday by card)
 * and Ironwood Construction LLC (SUMMIT-1009).
 */
const SUMMIT = demoId('partner summit');
const ACME_DOCUMENT = demoId('broker document 0');

interface PartnerClient {
  clientId: string;
  name: string;
  strategicPartnerAccountId: string;
  broker: string;
}

async function allClients(page: Page): Promise<PartnerClient[]> {
  const clients: PartnerClient[] = [];
  for (let number = 1; ; number += 1) {
    const answer = await apiGet<{ data: PartnerClient[]; pages: number }>(
      page,
      `strategic-partner/${SUMMIT}/client?page=${number}&pageSize=10`,
    );
    clients.push(...answer.data);
    if (number >= answer.pages) return clients;
  }
}

test("compliance exports a partner's client list from its details page", async ({ page }) => {
  await signIn(page, 'demo.compliance');
  await page.goto(`/admin/strategic-partner/${SUMMIT}/details`);
  const clients = page.getByRole('table', { name: 'Clients' });
  const acme = clients.getByRole('row').filter({ hasText: 'Acme Landscaping Inc' });
  await expect(acme).toContainText('SUMMIT-1001');
  await expect(acme).toContainText('Austin, TX');

  const file = await downloadFrom(page, () =>
    page.getByRole('button', { name: 'Export Client List' }).click(),
  );
  expect(file.name).toBe('Summit Benefits Partners Clients.xlsx');
  const sheet = await sheetOf(file.path);
  expect(headerOf(sheet)).toEqual([
    'Client Id',
    'Name',
    'Phone',
    'Account Id',
    'Broker',
    'Address',
    'City',
    'State',
    'Zip Code',
    'Federal Tax ID',
  ]);
  // Every client of the partner, as the list pages them, in the same order.
  const expected = await allClients(page);
  const rows = rowsOf(sheet);
  expect(rows.map((row) => row[0])).toEqual(expected.map((client) => client.clientId));
  const acmeRow = rows.find((row) => row[1] === 'Acme Landscaping Inc')!;
  expect(acmeRow.slice(0, 5)).toEqual([
    demoId('client Acme Landscaping Inc'),
    'Acme Landscaping Inc',
    '(555) 555-0210',
    'SUMMIT-1001',
    expected.find((client) => client.name === 'Acme Landscaping Inc')!.broker,
  ]);
  expect(acmeRow.slice(6, 8)).toEqual(['Austin', 'TX']);
  expect(rows.some((row) => row[1] === 'Ironwood Construction LLC')).toBe(true);
});

test('compliance runs the strategic partner report of a month and downloads it as Excel', async ({
  page,
}) => {
  await signIn(page, 'demo.compliance');
  // The month Acme's order was paid in (five minutes after its document was created), in New York.
  const acme = await apiGet<{ createdDate: string; currentPlanYearStartDate: string }>(
    page,
    `epop-document/${ACME_DOCUMENT}`,
  );
  const paidOn = productToday(new Date(Date.parse(acme.createdDate) + 5 * 60_000));
  const [year, month] = paidOn.split('-').map(Number) as [number, number];

  await page.goto('/admin/utilities/strategic-partner-report');
  await expect(page.getByRole('heading', { name: 'Strategic Partner Report' })).toBeVisible();
  const [thisYear, thisMonth] = productToday().split('-').map(Number) as [number, number];
  await expect(page.getByLabel('Month')).toHaveValue(String(thisMonth));
  await expect(page.getByLabel('Year')).toHaveValue(String(thisYear));

  await page
    .getByLabel('Strategic Partner', { exact: true })
    .selectOption({ label: 'Summit Benefits Partners' });
  await page.getByLabel('Month').selectOption(String(month));
  await page.getByLabel('Year').selectOption(String(year));
  // Hold the answer: the page says it is working meanwhile.
  const release = await holdAnswers(page, '**/api/strategic-partner/*/report?*');
  await page.getByRole('button', { name: 'Run Report' }).click();
  await expect(page.getByText('Generating Report. Please wait')).toBeVisible();
  release();
  const table = page.getByRole('table', { name: /^Summit Benefits Partners: / });
  const acmeRow = table.getByRole('row').filter({ hasText: ACME_DOCUMENT });
  await expect(acmeRow).toContainText('Acme Landscaping Inc');
  await expect(acmeRow).toContainText('Credit Card');
  await expect(acmeRow).toContainText('New');
  await expect(page.getByText('Generating Report. Please wait')).toBeHidden();
  const shown = await table.getByRole('row').count();

  const file = await downloadFrom(page, () => page.getByRole('button', { name: 'Download Excel' }).click());
  expect(file.name).toBe(`Summit Benefits Partners Report ${year}-${String(month).padStart(2, '0')}.xlsx`);
  const sheet = await sheetOf(file.path);
  expect(headerOf(sheet)).toEqual([
    'Document Id',
    'Client',
    'City',
    'State',
    'Created',
    'Plan Year Start',
    'Price',
    'Payment Method',
    'New or Renewal',
  ]);
  const rows = rowsOf(sheet);
  // The same rows as the page's table (its header row aside).
  expect(rows).toHaveLength(shown - 1);
  const row = rows.find((values) => values[0] === ACME_DOCUMENT)!;
  const [createdY, createdM, createdD] = productToday(new Date(acme.createdDate)).split('-').map(Number) as [
    number,
    number,
    number,
  ];
  expect(row.slice(0, 4)).toEqual([ACME_DOCUMENT, 'Acme Landscaping Inc', 'Austin', 'TX']);
  expect(row[4]).toEqual(new Date(Date.UTC(createdY, createdM - 1, createdD)));
  expect(row[5]).toEqual(new Date(`${acme.currentPlanYearStartDate}T00:00:00Z`));
  expect(typeof row[6]).toBe('number');
  expect(row.slice(7)).toEqual(['Credit Card', 'New']);

  // A month 13 or a year 2016 is refused by the API, changing nothing.
  const refused = await page.request.get(`/api/strategic-partner/${SUMMIT}/report?month=13&year=2016`, {
    headers: { 'X-CSRF': '1' },
  });
  expect(refused.status()).toBe(400);
});
