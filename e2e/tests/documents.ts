import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type Download, type Page } from '@playwright/test';
import PostalMime from 'postal-mime';
import { demoId } from 'service-kit/server';
import type { ReceivedMail } from './mail.js';
import { answer, fillCompanyStep, fillPlanStep, next, stepPanel } from './order-form.js';
import { E2E_DATA_DIR } from './stack.js';
import { signIn } from './support.js';

const csrf = { 'X-CSRF': '1' };

/** A JSON read of the API with the page's session, as the app makes it. */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const answer = await page.request.get(`/api/${path}`, { headers: csrf });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as T;
}

/** A JSON write of the API with the page's session. */
export async function apiPost<T>(page: Page, path: string, body: unknown): Promise<T> {
  const answer = await page.request.post(`/api/${path}`, { headers: csrf, data: body });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as T;
}

/** A second person at their own browser: a fresh context signed in as `username`. */
export async function signedInPage(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await signIn(page, username);
  return page;
}

/** What the API says of one document (the fields the journeys read). */
export interface DocumentAnswer {
  documentId: string;
  clientId: string;
  status: string;
  deactivated: boolean;
  currentPlanYearStartDate: string;
  currentPlanYearEndDate: string;
  form: Record<string, unknown>;
}

export const getDocument = (page: Page, documentId: string) =>
  apiGet<DocumentAnswer>(page, `epop-document/${documentId}`);

/** 'MM/DD/YYYY' of a YYYY-MM-DD date, as the documents print it. */
export const mmddyyyy = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** The row of My POP Documents for `company`, found through the search box as a person would. */
export async function documentRow(page: Page, company: string) {
  await page.getByPlaceholder('Search by company name').fill(company);
  // Wait for the filtered list, not just a row of the unfiltered one: the list re-renders when the
  // search answers, which would close a menu opened on the row before.
  const bodyRows = page.getByRole('region', { name: 'My POP Documents' }).locator('tbody tr');
  await expect
    .poll(async () => {
      const texts = await bodyRows.allInnerTexts();
      return texts.length > 0 && texts.every((text) => text.includes(company));
    })
    .toBe(true);
  const row = page.getByRole('row', { name: new RegExp(company.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
  await expect(row).toBeVisible();
  return row;
}

/** Clicks, waits for the browser's download, and keeps the file in the test's output folder. */
export async function downloadFrom(
  page: Page,
  click: () => Promise<void>,
): Promise<{ name: string; path: string }> {
  const [download]: [Download, void] = await Promise.all([page.waitForEvent('download'), click()]);
  const name = download.suggestedFilename();
  const path = test.info().outputPath(`${Date.now()}-${name}`);
  await download.saveAs(path);
  return { name, path };
}

/** The text of a PDF (poppler's pdftotext), its whitespace folded to single spaces. */
export const pdfText = (path: string) =>
  execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');

/** The names of the files a ZIP holds (Info-ZIP's unzip). */
export const zipEntries = (path: string) =>
  execFileSync('unzip', ['-Z1', path], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line !== '');

export const bytesOf = (path: string) => readFileSync(path);

/** Every message the SMTP sink received from `since` (ms) on, oldest first. */
export async function mailSince(since: number): Promise<ReceivedMail[]> {
  const folder = join(E2E_DATA_DIR, 'mail-sink');
  let files: string[] = [];
  try {
    files = readdirSync(folder).sort();
  } catch {
    return [];
  }
  const recent = files.filter((file) => statSync(join(folder, file)).mtimeMs >= since - 1000);
  return Promise.all(
    recent.map(async (file) => {
      const parsed = await PostalMime.parse(readFileSync(join(folder, file)));
      return {
        to: (parsed.to ?? []).map((address) => address.address ?? '').join(', '),
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        attachments: parsed.attachments.map((attachment) => ({
          filename: attachment.filename,
          mimeType: attachment.mimeType,
          content: Buffer.from(
            typeof attachment.content === 'string' ? attachment.content : new Uint8Array(attachment.content),
          ),
        })),
      };
    }),
  );
}

/**
 * A fresh Colonial Life document, created by compliance through the order form ('Create Free
 * Document': Paid, nothing owed), so destructive journeys touch no demo document.
 */
export async function createColonialDocument(
  page: Page,
  company: string,
): Promise<{ documentId: string; clientId: string }> {
  await page.goto(`/document/new/${demoId('partner colonial')}`);
  await expect(stepPanel(page, 'Step 1 - Company Information')).toBeVisible();
  await page.getByLabel('Colonial Account Number', { exact: true }).fill('E480777');
  await fillCompanyStep(page, company);
  await page.getByLabel('Agent Number', { exact: true }).fill('AG7777');
  await next(page);
  await fillPlanStep(page);
  await next(page);
  await answer(page, /Allow HSA/, 'No');
  await next(page);
  await page.getByRole('button', { name: 'Create Free Document' }).click();
  await expect(page.getByText('The document has been saved')).toBeVisible();
  const [client] = await apiGet<{ clientId: string; name: string }[]>(
    page,
    `client/search?searchText=${encodeURIComponent(company)}`,
  );
  expect(client?.name).toBe(company);
  const [document] = await apiGet<{ documentId: string }[]>(page, `client/${client!.clientId}/document`);
  return { documentId: document!.documentId, clientId: client!.clientId };
}
