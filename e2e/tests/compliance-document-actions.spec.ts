import { expect, test } from '@playwright/test';
import { addDays, productToday } from 'shared-domain';
import { nextPlanYear } from 'shared-domain/forms';
import { apiGet, apiPost } from './documents.js';
import { latestMail } from './mail.js';
import { uniqueTaxId } from './order-form.js';
import { signIn } from './support.js';

/**
 * Compliance's document actions on the admin client page (issue 23 item 2; specs/2-documents.md §2
 * "Document actions menu", specs/1-foundation.md §6 "compliance gets the admin actions"). The journey
 * makes its own document, so it touches no demo document and depends on no other journey: created
 * free by compliance with a plan year already in force (compliance's reason for it), ending within the
 * renewal window, so it is ready for renewal.
 */
test('compliance opens the Actions menu on the admin client page, runs Send to All, then goes to Admin Renewal', async ({
  page,
}) => {
  const suffix = `${Date.now()}`.slice(-7);
  const company = `Actions Menu Dental ${suffix}`;
  const owner = `owner.${suffix}@actions.example`;
  const benefits = `benefits.${suffix}@actions.example`;
  const taxId = uniqueTaxId();

  await signIn(page, 'demo.compliance');
  const me = await (await page.request.get('/bff/user', { headers: { 'X-CSRF': '1' } })).json();
  // A twelve-month plan year that started 335 days ago: it ends within the 90 days of the renewal window.
  const planYear = nextPlanYear(addDays(productToday(), -336));
  const created = await apiPost<{ documentId: string; clientId: string; readyForRenewal: boolean }>(
    page,
    `epop-document/${me.userId}`,
    {
      primaryEmail: owner,
      federalTaxId: `${taxId.slice(0, 2)}-${taxId.slice(2)}`,
      clientCompanyName: company,
      phone: '(555) 555-0100',
      addressLine1: '1 Main Street',
      city: 'Austin',
      state: 'TX',
      zipCode: '73301',
      benefitsContact: 'Pat Doe',
      benefitContactEmail: benefits,
      stateOfLegalConstruction: 'TX',
      legalEntityType: 'LLC',
      isERISA: true,
      currentPlanYearStartDate: planYear.start,
      currentPlanYearEndDate: planYear.end,
      totalNumAtStartPlanYear: 25,
      totalNumBenefitEligible: 20,
      requiredWaitingPeriod: '30 days',
      healthInsurance: true,
      allowHSAContributions: false,
      retroactiveReason: 'A plan already in force, recorded for the journey',
    },
  );
  expect(created.readyForRenewal).toBe(true);

  // The admin client page: the document's row has its Actions menu.
  await page.goto(`/admin/client/${created.clientId}`);
  await expect(page.getByRole('heading', { name: company, exact: true })).toBeVisible();
  const documents = page.getByRole('table', { name: 'Documents' });
  await expect(documents.getByRole('columnheader', { name: 'Actions' })).toBeVisible();
  const row = documents.getByRole('row', { name: new RegExp(created.documentId) });
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();

  // Send to All: 'Are you sure?', then the toast, then one e-mail per address with the three PDFs.
  await row.getByRole('button', { name: 'Actions' }).click();
  await row.getByRole('button', { name: 'Send to All' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Are you sure?');
  await confirm.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Document is sending and should arrive in your email shortly')).toBeVisible();
  for (const address of [owner, benefits]) {
    const mail = await latestMail(
      (each) => each.to.includes(address) && each.subject === `Your POP documents: ${company}`,
      `the documents e-mailed to ${address}`,
    );
    expect(mail.attachments.filter((file) => file.mimeType === 'application/pdf')).toHaveLength(3);
  }
  // The send is in the client's change log, which the page reads again.
  await expect(page.getByRole('table', { name: 'Change Log' })).toContainText('(Send to All)');

  // Admin Renewal, No Purchase: the renewal form of this document, without a purchase.
  await row.getByRole('button', { name: 'Actions' }).click();
  await row.getByRole('link', { name: 'Admin Renewal, No Purchase' }).click();
  await expect(page).toHaveURL(new RegExp(`/document/${created.documentId}/admin/renew$`));
  await expect(page.getByRole('heading', { name: 'POP Document Form' })).toBeVisible();
  await expect(page.getByLabel('Company Name', { exact: true })).toHaveValue(company);
  await page.getByRole('tab', { name: 'Complete Document' }).click();
  await expect(page.getByText('Originating Document ID')).toContainText(created.documentId);
  await expect(page.getByRole('button', { name: 'Invite to Purchase' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Free Document' }).click();
  await expect(page.getByText('The document has been saved')).toBeVisible();

  // Renewed without purchase: the renewal is the client's next document, and the old one is not offered
  // renewal again (its menu no longer has the renewal entries).
  const after = await apiGet<{ readyForRenewal: boolean }>(page, `epop-document/${created.documentId}`);
  expect(after.readyForRenewal).toBe(false);
  await page.goto(`/admin/client/${created.clientId}`);
  await expect(documents.getByRole('row')).toHaveCount(3); // the header and two documents
  await row.getByRole('button', { name: 'Actions' }).click();
  await expect(row.getByRole('link', { name: /^(Edit|View)$/ })).toBeVisible();
  await expect(row.getByRole('link', { name: 'Admin Renewal, No Purchase' })).toHaveCount(0);
});
