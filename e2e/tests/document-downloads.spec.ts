import { expect, test } from '@playwright/test';
import { demoAccount } from 'shared-domain';
import { demoId } from 'service-kit/server';
import {
  bytesOf,
  documentRow,
  downloadFrom,
  getDocument,
  mailSince,
  mmddyyyy,
  pdfText,
  signedInPage,
  zipEntries,
} from './documents.js';
import { signIn } from './support.js';

/**
 * The generated documents (issue 11 "Generated documents", specs/2-documents.md §2 "Download page",
 * "Document actions menu"). Each journey uses a demo document of its own.
 */

/** What each PDF must say (../shared/domain/plan-documents.md): its sections' headings. */
const HEADINGS = {
  'Plan Document': [
    'Article 1. Establishment and Purpose',
    'Article 2. Definitions',
    'Article 3. Participation',
    'Article 4. Benefits and Elections',
    'Article 5. Non-Discrimination',
    'Article 6. Administration',
    'Article 7. Amendment and Termination',
    'Article 8. Miscellaneous',
  ],
  'Summary Plan Description': [
    'What is the Plan?',
    'Who is eligible, and when can I join?',
    'How does paying premiums before tax work?',
    'Which premiums can I pay before tax?',
    'When can I change my election?',
    'What happens if I leave employment?',
    'Does the Plan affect my Social Security?',
    'Are there limits for highly compensated and key employees?',
    'General Information',
  ],
  Resolution: ['Recitals', 'Resolutions', 'Ratification', "Secretary's Certificate"],
} as const;

const PDF_NAMES = Object.keys(HEADINGS) as (keyof typeof HEADINGS)[];

test('a broker downloads the three PDFs and the ZIP; the history re-downloads each unchanged', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const documentId = demoId('broker document 1');
  const company = 'Blue Ridge Dental Group';
  await signIn(page, 'demo.broker');
  const document = await getDocument(page, documentId);
  expect(document.status).toBe('Paid');
  const planYear = `${mmddyyyy(document.currentPlanYearStartDate)} - ${mmddyyyy(document.currentPlanYearEndDate)}`;

  // From My POP Documents to the document, then its breadcrumb's Download.
  const row = await documentRow(page, company);
  await row.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await page.getByRole('navigation', { name: 'breadcrumb' }).getByRole('link', { name: 'Download' }).click();
  await expect(page).toHaveURL(new RegExp(`/document/${documentId}/download$`));
  await expect(page.getByRole('heading', { name: 'POP Document Download' })).toBeVisible();

  const files: Record<string, string> = {};
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  const zip = await downloadFrom(page, () => button('Download All').click());
  expect(zip.name).toBe(`${company} - POP Documents.zip`);
  files[zip.name] = zip.path;
  for (const [label, title] of [
    ['Plan Document', 'Plan Document'],
    ['Summary Plan Description', 'Summary Plan Description'],
    ['Resolution Document', 'Resolution'],
  ] as const) {
    const pdf = await downloadFrom(page, () => button(label).click());
    expect(pdf.name).toBe(`${company} - ${title}.pdf`);
    expect(bytesOf(pdf.path).subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.path);
    expect(text).toContain(company);
    expect(text).toContain(planYear);
    for (const heading of HEADINGS[title]) expect(text, `${title}: ${heading}`).toContain(heading);
    files[pdf.name] = pdf.path;
  }
  // The ZIP holds exactly the three PDFs.
  expect(zipEntries(zip.path).sort()).toEqual(PDF_NAMES.map((title) => `${company} - ${title}.pdf`).sort());

  // Compliance's PDF Generation History lists each generation, newest first, and hands back the
  // very bytes the broker received.
  const admin = await signedInPage(browser, 'demo.compliance');
  await admin.goto(`/document/${documentId}/admin`);
  const history = admin.getByRole('region', { name: 'PDF Generation History' });
  const names = history.locator('tbody tr td:first-child');
  await expect(names.first()).toBeVisible();
  expect((await names.allTextContents()).slice(0, 4)).toEqual([
    `${company} - Resolution.pdf`,
    `${company} - Summary Plan Description.pdf`,
    `${company} - Plan Document.pdf`,
    `${company} - POP Documents.zip`,
  ]);
  for (const [name, path] of Object.entries(files)) {
    // The newest row of that name is the broker's download.
    const again = await downloadFrom(admin, () =>
      history.getByRole('button', { name, exact: true }).first().click(),
    );
    expect(again.name).toBe(name);
    expect(bytesOf(again.path).equals(bytesOf(path)), `${name} unchanged`).toBe(true);
  }
  await admin.context().close();
});

test('Send to All e-mails each distinct address once with the three PDFs; Send to Self the user', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const since = Date.now();
  const documentId = demoId('broker document 2');
  const company = 'Cedar Creek Veterinary';
  await signIn(page, 'demo.broker');
  const { form } = await getDocument(page, documentId);
  const recipients = [
    ...new Set(
      [
        'primaryEmail',
        'alternateEmail1',
        'alternateEmail2',
        'benefitContactEmail',
        'additionalContactEmail1',
        'additionalContactEmail2',
      ]
        .map((field) => form[field])
        .filter((address): address is string => typeof address === 'string' && address !== '')
        .map((address) => address.toLowerCase()),
    ),
  ];
  expect(recipients.length).toBeGreaterThan(1);

  const openMenu = async () => {
    const row = await documentRow(page, company);
    await row.getByRole('button', { name: 'Actions' }).click();
  };
  await openMenu();
  await page.getByRole('button', { name: 'Send to All' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByText('Are you sure?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Document is sending and should arrive in your email shortly')).toBeVisible();

  const subject = `Your POP documents: ${company}`;
  const sent = async () => (await mailSince(since)).filter((mail) => mail.subject === subject);
  // The job worker sends them within seconds.
  await expect
    .poll(async () => new Set((await sent()).map((mail) => mail.to.toLowerCase())).size, { timeout: 30_000 })
    .toBe(recipients.length);
  const mails = await sent();
  expect(mails.map((mail) => mail.to.toLowerCase()).sort()).toEqual([...recipients].sort());
  for (const mail of mails) {
    expect(mail.attachments.map((file) => [file.filename, file.mimeType])).toEqual(
      PDF_NAMES.map((title) => [`${company} - ${title}.pdf`, 'application/pdf']),
    );
    for (const file of mail.attachments) expect(file.content.subarray(0, 5).toString()).toBe('%PDF-');
  }

  // Send to Self: one e-mail to the signed-in broker's own address.
  const self = demoAccount('demo.broker').email;
  await openMenu();
  await page.getByRole('button', { name: 'Send to Self' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Document is sending and should arrive in your email shortly')).toBeVisible();
  await expect
    .poll(async () => (await sent()).filter((mail) => mail.to === self).length, { timeout: 30_000 })
    .toBe(1);
  const mine = (await sent()).find((mail) => mail.to === self)!;
  expect(mine.attachments).toHaveLength(3);
  // Nobody else got a second copy.
  expect((await sent()).length).toBe(recipients.length + 1);
});
