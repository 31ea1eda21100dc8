import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { COMMISSION_INCLUDED, EPOP_PRODUCT } from '../../../src/db/reference-data.js';
import { RULE_TYPE } from '../../../src/domain/partners/rules.js';
import { documentForm } from '../../helpers/documents.js';
import { promoCodeRow, seededTestApp, type Account } from '../../helpers/parties.js';
import { cardPayment } from '../../helpers/payments.js';
import { companyRow } from '../../helpers/rows.js';
import { makePartnerUser } from '../../helpers/entitlement.js';

/**
 * A partner's link-account-id-to-promo-code rule (specs/3-admin.md §3 rule type 5; issue 12): a
 * client of the partner whose account id is set gets the promo code of that code applied at
 * checkout, on its own items, and the charged total includes it.
 */
describe("a partner's link account id to promo code rule", () => {
  const suite = seededTestApp();
  const db = () => suite.ctx.db;

  async function partner(linked: boolean | null) {
    const row = companyRow(`Linking Partner ${randomUUID().slice(0, 6)}`, { kind: 'strategic-partner' });
    await db().insertInto('company').values(row).execute();
    if (linked !== null) {
      await db()
        .insertInto('partner_rule')
        .values({
          rule_id: randomUUID(),
          company_id: row.company_id,
          rule_type_id: RULE_TYPE.linkAccountIdToPromoCode,
          product_id: EPOP_PRODUCT.product_id,
          settings: JSON.stringify({ linked }),
          created_at: new Date().toISOString(),
        })
        .execute();
    }
    return row.company_id;
  }

  async function buyer() {
    const account: Account = { userId: randomUUID(), roles: ['broker'] };
    suite.ctx.identity.add({
      userId: account.userId,
      role: 'broker',
      email: `${account.userId.slice(0, 8)}@l.test`,
    });
    return account;
  }

  const addToCart = async (
    account: Account,
    strategicPartnerId: string | null,
    form: Record<string, unknown>,
  ) => {
    const added = await suite.ctx.send(account, 'POST', '/shopping-cart', {
      productId: EPOP_PRODUCT.product_id,
      quantity: 1,
      attributes: [COMMISSION_INCLUDED.attribute_value_id],
      json: documentForm({ clientCompanyName: `Linked ${randomUUID().slice(0, 6)}`, ...form }),
      userId: account.userId,
      ...(strategicPartnerId ? { strategicPartnerId } : {}),
    });
    expect(added.statusCode).toBe(200);
  };

  const cartOf = async (account: Account) =>
    (await suite.ctx.send(account, 'GET', `/shopping-cart/${account.userId}`)).json<{
      total: number;
      subtotal: number;
      discount: number;
      items: { product: string; discount: number; total: number }[];
    }>();

  it("applies the code named by the client's account id to that client's item, and charges it", async () => {
    const code = `ACCT${randomUUID().slice(0, 6).toUpperCase()}`;
    await db()
      .insertInto('discount')
      .values(promoCodeRow(code, { percentage: 20, type: 'Product' }))
      .execute();
    const linking = await partner(true);
    const account = await buyer();
    // The partner's codes go to the accounts entitled to it (issue 21): the buyer is its user.
    await makePartnerUser(db(), linking, account.userId);
    // The account id as the order form carries it (any case), and an item of no partner.
    await addToCart(account, linking, { accountId: code.toLowerCase() });
    await addToCart(account, null, { accountId: code });

    const cart = await cartOf(account);
    expect(cart.subtotal).toBe(600);
    expect(cart.items.map((item) => item.discount)).toEqual([60, 0]);
    expect(cart.total).toBe(540);

    const paid = await suite.ctx.send(account, 'POST', `/shopping-cart/${account.userId}/purchase/card`, {
      ...cardPayment(),
      expectedTotal: 540,
    });
    expect(paid.statusCode).toBe(200);
    const order = await db()
      .selectFrom('orders')
      .select(['order_id', 'total_cents', 'discount_cents'])
      .where('user_id', '=', account.userId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ total_cents: 54_000, discount_cents: 6_000 });
    const usage = await db()
      .selectFrom('discount')
      .select('usage')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    expect(Number(usage.usage)).toBe(1);
  });

  it("reads a stored client's account id, and applies nothing without the rule, an account id or a code", async () => {
    const code = `CLIENT${randomUUID().slice(0, 6).toUpperCase()}`;
    await db()
      .insertInto('discount')
      .values(promoCodeRow(code, { amount_cents: 5_000, percentage: null, type: 'Total' }))
      .execute();
    const linking = await partner(true);
    const account = await buyer();
    // A stored client of the partner with its account id, looked after by the buyer.
    const client = { ...companyRow('Stored Client', { brokerUserId: account.userId }) };
    client.strategic_partner_id = linking;
    client.strategic_partner_account_id = code;
    await db().insertInto('company').values(client).execute();
    await addToCart(account, linking, { accountId: '', clientId: client.company_id });
    expect((await cartOf(account)).items.map((item) => item.discount)).toEqual([50]);

    for (const [partnerId, accountId] of [
      [await partner(null), code],
      [await partner(false), code],
      [linking, ''],
      [linking, 'NO-SUCH-CODE'],
    ] as const) {
      const other = await buyer();
      await addToCart(other, partnerId, { accountId });
      const cart = await cartOf(other);
      expect(cart.discount).toBe(0);
      expect(cart.total).toBe(300);
    }
  });
});
