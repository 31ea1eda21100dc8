import { expect, test } from '@playwright/test';
import { MESSAGES } from 'shared-domain';
import { NEW_PASSWORD } from './accounts.js';
import { fillCard } from './checkout.js';
import { downloadFrom, pdfText } from './documents.js';
import { latestMailTo } from './mail.js';
import { fillOrderForm } from './order-form.js';
import { signIn, signOut } from './support.js';

/**
 * Send Invite (specs/2-documents.md §4): a broker invites a new address; the e-mail arrives in the
 * SMTP sink; the invitee follows its link (issue 21: the invitation is nobody's until an account
 * accepts the link), sets up their account, signs in on the invitation page, which accepts it, sees the
 * action item, opens it and adds it to their cart at the broker's price; the broker updates the invite.
 */
test('a broker invites a new client, who sets up an account from the link, accepts the invite and adds it to the cart', async ({
  page,
}) => {
  const stamp = Date.now();
  const email = `invitee.${stamp}@example.com`;
  const company = `Invited Orchard ${stamp}`;

  await signIn(page, 'demo.broker');
  await page.goto('/document/new');
  await fillOrderForm(page, company);
  const payment = page.getByRole('region', { name: 'Payment Options' });
  await payment.getByRole('button', { name: 'Send Invite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Invite' });
  await expect(dialog.getByLabel('Company Name')).toHaveValue(company);
  await dialog.getByLabel('First Name').fill('Iris');
  await dialog.getByLabel('Last Name').fill('Invitee');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Invite has been sent to Iris Invitee')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  const mail = await latestMailTo(email);
  expect(mail.subject).toBe('You have been invited to purchase your POP document');
  const setup = new URL(/Set up your account and accept the invitation: (\S+)/.exec(mail.text)![1]!);
  expect(setup.pathname).toMatch(/^\/first-time-setup\/[\w-]+$/);
  expect(setup.searchParams.get('invitationToken')).toMatch(/^[\w-]{43}$/);
  // No link to the item itself: nobody can reach it before the link is accepted.
  expect(mail.text).not.toContain('/document/action-item/');

  await signOut(page);
  await page.goto(setup.pathname + setup.search);
  await expect(page.getByLabel(/^First Name/)).toHaveValue('Iris');
  const username = await page.getByLabel(/^Username/).inputValue();
  await page.getByLabel(/^Password/).fill(NEW_PASSWORD);
  await page.getByLabel(/^Confirm Password/).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Complete Account Setup' }).click();
  // The setup goes on to the invitation: signing in there accepts it and opens its document.
  await expect(page).toHaveURL(/\/invitation\?token=[\w-]+$/);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Secure Sign In' }).click();
  await expect(page).toHaveURL(/\/document\/action-item\/[\w-]+$/);
  const invitation = new URL(page.url());
  await expect(page.getByLabel('Company Name', { exact: true })).toHaveValue(company);

  await page.goto('/');
  const items = page.getByRole('region', { name: 'Action Items' });
  await expect(items).toContainText(`invited you to review and purchase the POP document of ${company}`);
  await items.getByRole('link', { name: 'Click to view' }).click();
  await expect(page).toHaveURL(new RegExp(`${invitation.pathname}$`));
  await expect(page.getByLabel('Company Name', { exact: true })).toHaveValue(company);
  await page.getByRole('tab', { name: 'Step 4 - Complete' }).click();
  const box = page.getByRole('region', { name: 'Payment Options' });
  // No second invitation from an action item; the broker's price (commission included).
  await expect(box.getByRole('button', { name: 'Send Invite' })).toHaveCount(0);
  await expect(box.getByTestId('document-price')).toHaveText('$300.00');
  await box.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/basket$/);
  await expect(page.getByRole('row', { name: new RegExp(company) })).toContainText('$300.00');

  // The assigned broker updates the invite from the same address.
  await signOut(page);
  await signIn(page, 'demo.broker');
  await page.goto(invitation.pathname);
  await page.getByLabel('City', { exact: true }).fill('Round Rock');
  await page.getByRole('tab', { name: 'Step 4 - Complete' }).click();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Update invite' }).click();
  await expect(page.getByText('Invite has been updated')).toBeVisible();

  // The invitee pays, and the document the broker owns is in the invitee's My POP Documents (issue
  // 23: they are the client company's user now), Paid, with its files to download.
  await signOut(page);
  await signIn(page, username, NEW_PASSWORD);
  await page.goto('/basket');
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await fillCard(page);
  await page.getByRole('button', { name: 'Process Payment' }).click();
  await expect(page.getByText(MESSAGES.paymentSuccessful)).toBeVisible();
  const orderNumber = (await page.getByTestId('order-number').textContent())!.trim();
  await page.goto('/');
  const list = page.getByRole('region', { name: 'My POP Documents' });
  await list.getByPlaceholder('Search by company name').fill(company);
  // An employer is the company: no Client Company Name column for them; the row is the order's.
  await expect(list.getByRole('columnheader', { name: 'Client Company Name' })).toHaveCount(0);
  const row = list.getByRole('row', { name: new RegExp(`^${orderNumber} `) });
  await expect(row.getByRole('cell', { name: 'Paid', exact: true })).toBeVisible();
  await expect(list.locator('tbody tr')).toHaveCount(1);
  await row.getByRole('button', { name: 'Actions' }).click();
  // The list may re-render under the open menu (its data revalidates): follow the entry's address.
  await page.goto((await page.getByRole('link', { name: 'Edit', exact: true }).getAttribute('href'))!);
  await page.getByRole('navigation', { name: 'breadcrumb' }).getByRole('link', { name: 'Download' }).click();
  const plan = await downloadFrom(page, () =>
    page.getByRole('button', { name: 'Plan Document', exact: true }).click(),
  );
  expect(pdfText(plan.path)).toContain(company);
});
