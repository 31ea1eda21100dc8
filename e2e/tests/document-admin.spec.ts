import { expect, test, type Page } from '@playwright/test';
import { demoId } from 'service-kit/server';
import {
  apiGet,
  apiPost,
  createColonialDocument,
  documentRow,
  getDocument,
  mailSince,
  signedInPage,
} from './documents.js';
import { signIn } from './support.js';

/**
 * The admin document page and the document lifecycle (issue 11 "The admin document page",
 * "Deactivate, reactivate, Colonial no-pay"; specs/2-documents.md §2, §4). Each journey works on a
 * document of its own (a distinct demo document, or a fresh one), so they do not depend on order.
 */

interface ChangeLogRow {
  id: string;
  changeDate: string;
  user: string;
  description: string;
}

const changeLog = (page: Page, clientId: string) =>
  apiGet<ChangeLogRow[]>(page, `client/${clientId}/change-log`);

const adminPage = async (page: Page, documentId: string) => {
  await page.goto(`/document/${documentId}/admin`);
  await expect(page.getByRole('heading', { name: 'Admin Options' })).toBeVisible();
};

/** The document's status as the admin page shows it. */
const status = (page: Page) => page.locator('dt:text-is("Status") + dd');

test('compliance deactivates a document with a reason, it leaves the broker’s list, and reactivates it', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const documentId = demoId('broker document 7');
  const company = 'Hilltop Auto Repair';
  const broker = await signedInPage(browser, 'demo.broker');
  await documentRow(broker, company);

  await signIn(page, 'demo.compliance');
  const { clientId } = await getDocument(page, documentId);
  await adminPage(page, documentId);
  await expect(status(page)).toHaveText('Paid');
  // Deactivate and Reactivate are entries of the page's Actions menu (the kit's document actions).
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('button', { name: 'Deactivate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deactivate Document' });
  // The reason is required: said in the banner, the dialog stays open.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('A reason is required to deactivate a document')).toBeVisible();
  const reason = `Duplicate order ${Date.now()}`;
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Document has been deactivated')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(status(page)).toHaveText('Inactive (deactivated)');

  // Off the broker's dashboard.
  await broker.reload();
  await broker.getByPlaceholder('Search by company name').fill(company);
  await expect(broker.getByText('No documents found.')).toBeVisible();

  // Reactivate from the admin page: the status it had, back on the dashboard.
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('button', { name: 'Reactivate' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByText('Do you wish to reactivate this document?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByText('Document has been reactivated')).toBeVisible();
  await expect(status(page)).toHaveText('Paid');
  await page.getByRole('button', { name: 'Actions' }).click();
  await expect(page.getByRole('button', { name: 'Deactivate' })).toBeVisible();
  expect((await getDocument(page, documentId)).status).toBe('Paid');
  await broker.reload();
  await documentRow(broker, company);

  // The client's change log has both changes, by compliance.
  const rows = await changeLog(page, clientId);
  const deactivated = rows.find((row) => row.description.includes(reason));
  expect(deactivated?.description).toContain('deactivated');
  expect(deactivated?.user).toBe('demo.compliance');
  const reactivated = rows.find(
    (row) => row.description.includes('reactivated (Paid)') && row.changeDate >= deactivated!.changeDate,
  );
  expect(reactivated?.user).toBe('demo.compliance');
  await broker.context().close();
});

test('notes are written, cancelled and edited in place, and are there after a reload', async ({ page }) => {
  const documentId = demoId('broker document 10');
  await signIn(page, 'demo.compliance');
  await adminPage(page, documentId);
  const notes = page.getByRole('region', { name: 'Notes' });
  const existing = notes.getByRole('button', { name: /^(Create|Edit) Note$/ });
  await existing.click();
  const note = `Called the employer about the renewal (${Date.now()})`;
  await notes.getByLabel('Note').fill('Not kept');
  await notes.getByRole('button', { name: 'Cancel' }).click();
  await expect(notes.getByLabel('Note')).toBeHidden();
  await expect(notes.getByText('Not kept')).toBeHidden();

  await existing.click();
  await notes.getByLabel('Note').fill(note);
  await notes.getByRole('button', { name: 'Save' }).click();
  await expect(notes.getByLabel('Note')).toBeHidden();
  await expect(notes.getByText(note)).toBeVisible();

  await page.reload();
  await expect(notes.getByText(note)).toBeVisible();
  await expect(notes.getByRole('button', { name: 'Edit Note' })).toBeVisible();
});

test('the last tests taken are listed with their result and a link to each', async ({ page }) => {
  const documentId = demoId('broker document 10');
  await signIn(page, 'demo.compliance');
  // A test taken (steps 1-4 all yes: the safe harbor), as the testing page submits it.
  const taken = await apiPost<{ id: string; ndtResult: string }>(
    page,
    `epop-document/${documentId}/non-discrimination`,
    { ndtAnswer1: true, ndtAnswer2: true, ndtAnswer3: true, ndtAnswer4: true },
  );
  expect(taken.ndtResult).toBe('Pass');
  await adminPage(page, documentId);
  const results = page.getByRole('region', { name: 'Last 4 Non Discrimination Results' });
  const newest = results.getByRole('row').nth(1);
  await expect(newest.getByRole('cell').first()).toHaveText('demo.compliance');
  await expect(newest.getByText('Pass', { exact: true })).toHaveClass(/text-success/);
  await expect(newest.getByRole('link', { name: 'Show Results' })).toHaveAttribute(
    'href',
    `/document/${documentId}/ndt?result=${taken.id}`,
  );
  expect(await results.getByRole('row').count()).toBeLessThanOrEqual(5);
});

test("partner settings: a partner's labels, clearing, and a save with Update Client Level", async ({
  page,
}) => {
  const documentId = demoId('broker document 4');
  await signIn(page, 'demo.compliance');
  const { clientId } = await getDocument(page, documentId);
  await adminPage(page, documentId);
  const settings = page.getByRole('region', { name: 'Strategic Partner Settings' });
  const partner = settings.getByLabel('Strategic Partner');
  await expect(partner).toBeEnabled();

  // Colonial's settings come with its labels and the agent and group ids; clearing clears them.
  await partner.selectOption({ label: 'Colonial Life' });
  await expect(settings.getByLabel('Colonial Account Number')).toBeVisible();
  await expect(settings.getByLabel('Agent ID')).toBeVisible();
  await settings.getByLabel('Colonial Account Number').fill('E999999');
  await partner.selectOption({ label: 'None' });
  await expect(settings.getByLabel('Colonial Account Number')).toBeHidden();
  await expect(settings.getByLabel('Agent ID')).toBeHidden();

  // Harbor has no labels of its own: the plain account id fields.
  await partner.selectOption({ label: 'Harbor Insurance Group' });
  const accountId = `H-${Date.now()}`;
  await settings.getByLabel('Account ID', { exact: true }).fill(accountId);
  await settings.getByLabel('Update Client Level').check();
  await settings.getByRole('button', { name: 'Save Strategic Partner Settings' }).click();
  await expect(page.getByText('Document has been updated')).toBeVisible();

  await page.reload();
  await expect(partner).toBeEnabled();
  await expect(partner.locator('option:checked')).toHaveText('Harbor Insurance Group');
  await expect(settings.getByLabel('Account ID', { exact: true })).toHaveValue(accountId);
  const saved = await getDocument(page, documentId);
  expect(saved.form.accountId).toBe(accountId);
  // Update Client Level: the client itself is now Harbor's, with that account id.
  const rows = await changeLog(page, clientId);
  expect(rows.map((row) => row.description)).toContain(
    `Strategic partner set to Harbor Insurance Group (account id ${accountId})`,
  );
});

test("a Colonial document's no-pay reason N1: confirmed, the client page, the document Inactive", async ({
  page,
}) => {
  const since = Date.now();
  const company = `Colonial No-Pay ${Date.now()}`;
  await signIn(page, 'demo.compliance');
  const { documentId, clientId } = await createColonialDocument(page, company);
  await adminPage(page, documentId);
  const reason = page.getByRole('combobox', { name: 'No Pay Reason' });
  await expect(reason.locator('option:checked')).toHaveText('None - Document is to be paid for');

  // Cancelling the confirmation resets the choice.
  await reason.selectOption('N1');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(reason).toHaveValue('');
  expect((await getDocument(page, documentId)).status).toBe('Paid');

  await reason.selectOption('N1');
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('N1 - Colonial coverage cancelled: client to purchase');
  await confirm.getByRole('button', { name: 'Process' }).click();
  await expect(page.getByText('No Pay Reason has been processed')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/client/${clientId}$`));
  const documents = page.getByRole('region', { name: 'Documents', exact: true });
  await expect(documents.getByRole('row', { name: /POP Document/ })).toContainText('Inactive');
  const document = await getDocument(page, documentId);
  expect(document.status).toBe('Inactive');

  // The change log says why; N1 asks the client to purchase it (an e-mail to the primary address).
  const rows = await changeLog(page, clientId);
  expect(rows.some((row) => row.description.startsWith('No-pay reason N1'))).toBe(true);
  await expect
    .poll(
      async () =>
        (await mailSince(since)).filter(
          (mail) => mail.subject === `Please purchase your POP document: ${company}`,
        ).length,
      { timeout: 30_000 },
    )
    .toBe(1);
});
