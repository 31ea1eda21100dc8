import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { COMMISSION_INCLUDED, EPOP_PRODUCT, NO_PAY_OPTIONS } from '../../../src/db/reference-data.js';
import { partnerRules, RULE_TYPE } from '../../../src/domain/partners/rules.js';
import { documentForm } from '../../helpers/documents.js';
import { seededTestApp, snapshot } from '../../helpers/parties.js';
import type { TestContext } from '../../helpers/build.js';
import { companyRow } from '../../helpers/rows.js';
import { makePartnerUser } from '../../helpers/entitlement.js';

/**
 * A strategic partner's rules where the order form acts on them (specs/2-documents.md §1, §5;
 * specs/3-admin.md §3 rule types): cart bypass, excluded states, custom pricing, labels, Colonial.
 */
describe("a partner's rules on the order form", () => {
  const suite = seededTestApp();

  async function partner(
    name: string,
    rules: { type: number; settings: object }[],
    { colonial = false } = {},
  ): Promise<string> {
    const row = { ...companyRow(name, { kind: 'strategic-partner' }), colonial: colonial ? 1 : 0 };
    await suite.ctx.db.insertInto('company').values(row).execute();
    for (const rule of rules) {
      await suite.ctx.db
        .insertInto('partner_rule')
        .values({
          rule_id: randomUUID(),
          company_id: row.company_id,
          rule_type_id: rule.type,
          product_id: EPOP_PRODUCT.product_id,
          settings: JSON.stringify(rule.settings),
          created_at: new Date().toISOString(),
        })
        .execute();
    }
    // Its rules act for the accounts entitled to it (issue 21): here broker A and employer A are its
    // users; naming a partner's id alone gets the standard product (test/abuse/partner-entitlement).
    const { brokerA, employerA } = suite.parties.accounts;
    for (const account of [brokerA, employerA]) {
      await makePartnerUser(suite.ctx.db, row.company_id, account.userId);
    }
    return row.company_id;
  }
  const send: TestContext['send'] = (...request) => suite.ctx.send(...request);

  it("lets a broker save a bypass partner's new document without the cart, and no one else's", async () => {
    const { brokerA } = suite.parties.accounts;
    const bypass = await partner('Bypass Partners', [
      { type: RULE_TYPE.bypassShoppingCart, settings: { bypass: true } },
    ]);
    const paying = await partner('Paying Partners', []);

    const draft = await send(
      brokerA,
      'GET',
      `/epop/document/new/${brokerA.userId}?strategicPartnerId=${bypass}`,
    );
    expect(draft.json()).toMatchObject({ requiresPurchase: false, partner: { bypassShoppingCart: true } });

    const saved = await send(brokerA, 'POST', `/epop-document/${brokerA.userId}`, {
      ...documentForm({ clientCompanyName: 'Bypass Client LLC' }),
      strategicPartnerId: bypass,
    });
    expect(saved.statusCode).toBe(200);
    const document = saved.json<{ documentId: string; status: string; brokerId: string }>();
    expect(document).toMatchObject({ status: 'Paid', brokerId: brokerA.userId, strategicPartnerId: bypass });
    // It is the broker's: in their list, and theirs to open.
    expect((await send(brokerA, 'GET', `/epop-document/${document.documentId}`)).statusCode).toBe(200);

    const before = await snapshot(suite.ctx.db);
    for (const strategicPartnerId of [paying, undefined]) {
      const refused = await send(brokerA, 'POST', `/epop-document/${brokerA.userId}`, {
        ...documentForm(),
        ...(strategicPartnerId ? { strategicPartnerId } : {}),
      });
      expect(refused.statusCode).toBe(403);
    }
    expect(await snapshot(suite.ctx.db)).toEqual(before);
  });

  it('answers the excluded states, refuses a document in one of them, and 404 for no partner', async () => {
    const { brokerA } = suite.parties.accounts;
    const excluding = await partner('Excluding Partners', [
      { type: RULE_TYPE.excludeStates, settings: { states: ['TX', 'CA'] } },
    ]);
    const plain = await partner('Plain Partners', []);
    const url = (id: string) =>
      `/strategic-partner/${id}/rule/excluded-states?productId=${EPOP_PRODUCT.product_id}`;
    expect((await send(brokerA, 'GET', url(excluding))).json()).toEqual({
      excludeAny: true,
      statesToExclude: ['TX', 'CA'],
    });
    expect((await send(brokerA, 'GET', url(plain))).json()).toEqual({
      excludeAny: false,
      statesToExclude: [],
    });
    const missing = await send(brokerA, 'GET', url(randomUUID()));
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: 'Strategic partner not found' }]);

    const before = await snapshot(suite.ctx.db);
    const refused = await send(brokerA, 'POST', '/shopping-cart', {
      productId: EPOP_PRODUCT.product_id,
      quantity: 1,
      attributes: [],
      json: documentForm({ state: 'TX' }),
      userId: brokerA.userId,
      strategicPartnerId: excluding,
    });
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      {
        type: 'validation',
        errors: ['Texas is not available for documents of Excluding Partners: choose another state'],
      },
    ]);
    expect(await snapshot(suite.ctx.db)).toEqual(before);
  });

  it("prices a custom-pricing partner's documents at its prices, with and without commission", async () => {
    const { brokerA, employerA } = suite.parties.accounts;
    const custom = await partner('Custom Price Partners', [
      { type: RULE_TYPE.customPricing, settings: { priceCents: 19_900, priceWithCommissionCents: 24_900 } },
    ]);
    const product = await send(
      brokerA,
      'GET',
      `/product/epop/${brokerA.userId}?strategicPartnerId=${custom}`,
    );
    expect(product.json()).toMatchObject({
      price: 249,
      basePrice: 199,
      attributes: [{ values: [{ display: 'Commission included', priceAdjustment: 50 }] }],
    });
    const employers = await send(
      employerA,
      'GET',
      `/product/epop/${employerA.userId}?strategicPartnerId=${custom}`,
    );
    expect(employers.json()).toMatchObject({ price: 199, basePrice: 199 });

    const added = await send(brokerA, 'POST', '/shopping-cart', {
      productId: EPOP_PRODUCT.product_id,
      quantity: 1,
      attributes: [COMMISSION_INCLUDED.attribute_value_id],
      json: documentForm(),
      userId: brokerA.userId,
      strategicPartnerId: custom,
    });
    expect(added.json()).toMatchObject({ cartItem: { unitPrice: 249 } });
  });

  it("prices a product at its own custom price over the partner's price for every product, whichever came first", async () => {
    const custom = await partner('Layered Price Partners', [
      { type: RULE_TYPE.customPricing, settings: { priceCents: 5_000, priceWithCommissionCents: 7_500 } },
    ]);
    await suite.ctx.db
      .insertInto('partner_rule')
      .values({
        rule_id: randomUUID(),
        company_id: custom,
        rule_type_id: RULE_TYPE.customPricing,
        product_id: null,
        settings: JSON.stringify({ priceCents: 10_000, priceWithCommissionCents: 12_500 }),
        created_at: new Date(Date.now() + 60_000).toISOString(),
      })
      .execute();
    const rules = await partnerRules(suite.ctx.db, custom, EPOP_PRODUCT.product_id);
    expect(rules.customPricing).toEqual({ priceCents: 5_000, priceWithCommissionCents: 7_500 });
    const otherProduct = await partnerRules(suite.ctx.db, custom, randomUUID());
    expect(otherProduct.customPricing).toEqual({ priceCents: 10_000, priceWithCommissionCents: 12_500 });
  });

  it("carries a Colonial partner's labels and no-pay options, and requires the agent number", async () => {
    const { brokerA } = suite.parties.accounts;
    const colonial = await partner('Colonial Partners', [], { colonial: true });
    await suite.ctx.db
      .insertInto('partner_label')
      .values([
        {
          company_id: colonial,
          internal_name: 'account-id',
          label: 'Colonial Account #',
          help_text: 'Six digits',
          visible: 1,
        },
        {
          company_id: colonial,
          internal_name: 'account-id-suffix',
          label: 'Suffix',
          help_text: '',
          visible: 0,
        },
      ])
      .execute();
    const draft = await send(
      brokerA,
      'GET',
      `/epop/document/new/${brokerA.userId}?strategicPartnerId=${colonial}`,
    );
    expect(draft.json()).toMatchObject({
      partner: {
        customIdentifiers: { 'account-id': { label: 'Colonial Account #', helpText: 'Six digits' } },
        colonial: {
          defaultNoPay: 'None - Document is to be paid for',
          noPayOptions: NO_PAY_OPTIONS.map(({ code, description }) => ({ code, description })),
        },
      },
    });
    expect(
      draft.json<{ partner: { customIdentifiers: object } }>().partner.customIdentifiers,
    ).not.toHaveProperty('account-id-suffix');
    const refused = await send(brokerA, 'POST', '/shopping-cart', {
      productId: EPOP_PRODUCT.product_id,
      quantity: 1,
      attributes: [],
      json: documentForm(),
      userId: brokerA.userId,
      strategicPartnerId: colonial,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: string[] }>().errors.join(' ')).toMatch(/agent number/i);
  });
});
