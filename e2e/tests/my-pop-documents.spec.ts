import { expect, test, type Page } from '@playwright/test';
import { demoAccount } from 'shared-domain';
import { demoId } from 'service-kit/server';
import { fillOrderForm } from './order-form.js';
import { signIn, signOut } from './support.js';

/**
 * My POP Documents lists every document the user may act on (issue 23 item 1): demo.employer is linked
 * to Keystone Accounting, a client of demo.broker's (the demo seed), and sees its document, which
 * demo.broker owns; compliance's free document for that client reaches the client's users and broker.
 */
const keystone = demoId('client Keystone Accounting');
const keystoneDocument = demoId('broker document 10');

/** The rows of a user's list as the API answers it (all of them: at most 100 in these journeys). */
async function listed(page: Page, userId: string): Promise<{ documentId: string; status: string }[]> {
  const answer = await page.request.get(`/api/epop-document/${userId}?page=1&pageSize=100`, {
    headers: { 'X-CSRF': '1' },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: { documentId: string; status: string }[] }).data;
}

test("an employer sees their company's documents, a broker's too, with their status and no company column", async ({
  page,
}) => {
  const employer = demoAccount('demo.employer');
  await signIn(page, 'demo.employer');
  const list = page.getByRole('region', { name: 'My POP Documents' });
  await expect(list.getByRole('columnheader', { name: 'Status' })).toBeVisible();
  await expect(list.getByRole('columnheader')).toHaveText([
    'Order No.',
    'Plan Dates',
    'Created Date',
    'Status',
    'Actions',
  ]);
  // Keystone's document (order 100011, bought by demo.broker) is in the employer's list, Paid.
  expect(await listed(page, employer.userId)).toContainEqual(
    expect.objectContaining({ documentId: keystoneDocument, status: 'Paid' }),
  );
  const row = list.getByRole('row', { name: /100011/ });
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  // Its receipt opens from the order number, and the document downloads.
  await row.getByRole('link', { name: '100011' }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/receipt$/);
  await expect(page.getByRole('button', { name: 'Download Receipt' })).toBeVisible();
  await page.goto(`/document/${keystoneDocument}/download`);
  await expect(page.getByRole('heading', { name: 'POP Document Download' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download All', exact: true })).toBeEnabled();
});

test("compliance's free document for an existing client is seen by the client's user and broker", async ({
  page,
}) => {
  await signIn(page, 'demo.compliance');
  await page.goto('/document/new');
  await fillOrderForm(page, `Typed Name ${Date.now()}`);
  const client = page.getByRole('group', { name: 'Client Company' });
  await client.getByLabel('An existing client').check();
  await client
    .getByRole('searchbox', { name: 'Search clients by name, tax id or account id' })
    .fill('Keystone');
  await client.getByRole('button', { name: /Keystone Accounting/ }).click();
  await expect(client.getByText(/^The document will be Keystone Accounting's/)).toBeVisible();
  await page.getByRole('button', { name: 'Create Free Document' }).click();
  await expect(page.getByText('The document has been saved')).toBeVisible();
  // The client's newest document is the one just created.
  const documents = await page.request.get(`/api/client/${keystone}/document`, {
    headers: { 'X-CSRF': '1' },
  });
  const [created] = (await documents.json()) as { documentId: string; status: string }[];
  expect(created?.status).toBe('Paid');
  await signOut(page);

  for (const username of ['demo.employer', 'demo.broker']) {
    await signIn(page, username);
    expect(await listed(page, demoAccount(username).userId)).toContainEqual(
      expect.objectContaining({ documentId: created!.documentId, status: 'Paid' }),
    );
    await signOut(page);
  }
});
