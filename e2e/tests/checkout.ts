import { expect, type Page } from '@playwright/test';
import { demoAccount } from 'shared-domain';
import { fillOrderForm } from './order-form.js';

export const broker = demoAccount('demo.broker');
const csrf = { 'X-CSRF': '1' };

/**
 * Starts a journey from an empty cart: demo.broker's seeded items and what earlier journeys left
 * (in the cart or saved for later, and any applied promo code) are removed through the API, as the
 * broker's own Delete and Remove would.
 */
export async function emptyCart(page: Page): Promise<void> {
  const cartAnswer = await page.request.get(`/api/shopping-cart/${broker.userId}`, { headers: csrf });
  expect(cartAnswer.status(), await cartAnswer.text()).toBe(200);
  const cart = (await cartAnswer.json()) as {
    items: { cartItemId: string }[];
    savedForLater: { cartItemId: string }[];
  };
  for (const item of [...cart.items, ...cart.savedForLater]) {
    const removed = await page.request.delete(`/api/shopping-cart/${item.cartItemId}`, { headers: csrf });
    expect(removed.status(), await removed.text()).toBe(200);
  }
  const codes = (await (
    await page.request.get(`/api/discount/${broker.userId}`, { headers: csrf })
  ).json()) as { code: string }[];
  for (const { code } of codes) {
    await page.request.delete(`/api/shopping-cart/${broker.userId}/promo-code/${encodeURIComponent(code)}`, {
      headers: csrf,
    });
  }
}

/** A new document through the order form, Add to Cart, and the basket showing it. */
export async function addDocumentToCart(page: Page, companyName: string): Promise<void> {
  await page.goto('/document/new');
  await fillOrderForm(page, companyName);
  await page
    .getByRole('region', { name: 'Payment Options' })
    .getByRole('button', { name: 'Add to Cart' })
    .click();
  await expect(page).toHaveURL(/\/basket$/);
  await expect(cartRow(page, companyName)).toBeVisible();
}

/** The row of the cart (or the saved-for-later list) holding a company's document. */
export const cartRow = (page: Page, companyName: string) =>
  page.getByRole('row', { name: new RegExp(companyName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });

/** The top bar's cart menu toggle: 'N item(s) in cart'. */
export const cartMenu = (page: Page) => page.getByRole('button', { name: /item\(s\) in cart/ });

export const promoBox = (page: Page) => page.getByRole('region', { name: 'Promo Code' });

export async function applyPromoCode(page: Page, code: string): Promise<void> {
  await promoBox(page).getByRole('textbox', { name: 'Promo code' }).fill(code);
  await promoBox(page).getByRole('button', { name: 'Apply' }).click();
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Chooses how to pay in the Payment Type control (Credit Card is chosen when the page opens). */
export const choosePaymentType = (page: Page, type: 'Credit Card' | 'ACH') =>
  page.getByRole('radiogroup', { name: 'Payment Type' }).getByText(type, { exact: true }).click();

/**
 * Waits for the billing fields' prefill (the profile's name and e-mail, the cart document's company and
 * address) to have landed, so what the journey types next is not raced by it.
 */
async function prefilled(page: Page): Promise<void> {
  await expect(field(page, 'Email')).not.toHaveValue('');
  await page.waitForLoadState('networkidle');
}

/** The card form as a person fills it; a year ahead, so the card has not expired. */
export async function fillCard(page: Page, { zip = '62701', cvv = '123' } = {}): Promise<void> {
  await prefilled(page);
  await choosePaymentType(page, 'Credit Card');
  await field(page, 'First Name').fill('Bea');
  await field(page, 'Last Name').fill('Broker');
  await field(page, 'Company').fill('Bright Benefits Brokerage');
  await field(page, 'Street').fill('1 Main Street');
  await field(page, 'Country').selectOption('US');
  await field(page, 'City').fill('Springfield');
  await field(page, 'State').selectOption('IL');
  await field(page, 'Zip Code').clear();
  await field(page, 'Zip Code').pressSequentially(zip);
  await field(page, 'Telephone').pressSequentially('2175550100');
  await field(page, 'Email').fill(broker.email);
  await field(page, 'Card Number').pressSequentially('4111 1111 1111 1111');
  await field(page, 'Exp Month').selectOption('12');
  await field(page, 'Exp Year').selectOption(String(new Date().getFullYear() + 1));
  await field(page, 'CVV Code').pressSequentially(cvv);
}

export async function fillAch(page: Page, { accountNumber = '123456789' } = {}): Promise<void> {
  await prefilled(page);
  await choosePaymentType(page, 'ACH');
  await field(page, 'ABA Routing Number').pressSequentially('011000015');
  await field(page, 'Bank Name').fill('First Bank of Springfield');
  await field(page, 'Email').fill(broker.email);
  await field(page, 'Account Number').fill(accountNumber);
  await field(page, 'Name on Account').fill('Bea Broker');
  await page.getByRole('group', { name: 'Account Type' }).getByLabel('Checking', { exact: true }).check();
}
