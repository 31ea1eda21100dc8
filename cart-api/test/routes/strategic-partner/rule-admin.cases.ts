import { describe, expect, it } from '@jest/globals';
import { EPOP_PRODUCT } from '../../../src/db/reference-data.js';
import { seededTestApp, snapshot } from '../../helpers/parties.js';
import { companyRow } from '../../helpers/rows.js';

/**
 * A strategic partner's rules as the back office sets them (specs/3-admin.md §3 "Partner rule", §4,
 * §7): the five types, each type's rows added, updated and removed, the bad input refused, and the
 * rules acting where the order form and prices read them.
 */
describe("a strategic partner's rules (admin)", () => {
  const suite = seededTestApp();
  const compliance = () => suite.parties.accounts.compliance;
  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    suite.ctx.send(compliance(), method, url, payload);

  async function newPartner(name: string): Promise<string> {
    const row = companyRow(name, { kind: 'strategic-partner' });
    await suite.ctx.db.insertInto('company').values(row).execute();
    return row.company_id;
  }

  it('lists the five rule types with their routes', async () => {
    const types = (await send('GET', '/strategic-partner/rule')).json<
      { id: number; route: string; name: string }[]
    >();
    expect(types.map(({ id, name, route }) => [id, name, route])).toEqual([
      [1, 'auto-renew', 'auto-renew'],
      [2, 'bypass shopping cart', 'bypass-shopping-cart'],
      [3, 'custom pricing', 'custom-pricing'],
      [4, 'exclude states', 'exclude-states'],
      [5, 'link account id to promo code', 'link-account-id-to-promo-code'],
    ]);
  });

  it('adds each of the five rules, stores the settings the effects read, and lists them as assigned', async () => {
    const partner = await newPartner('Five Rules Partner');
    const base = `/strategic-partner/${partner}/rule`;
    expect((await send('GET', base)).json()).toEqual([]);

    const saved = {
      'auto-renew': await send('POST', `${base}/auto-renew`, [{ productId: EPOP_PRODUCT.product_id }]),
      'bypass-shopping-cart': await send('POST', `${base}/bypass-shopping-cart`, [{ bypass: true }]),
      'custom-pricing': await send('POST', `${base}/custom-pricing`, [
        { price: 149, priceWithCommission: 199.5 },
      ]),
      'exclude-states': await send('POST', `${base}/exclude-states`, [{ states: 'ca, NY ,wa' }]),
      'link-account-id-to-promo-code': await send('POST', `${base}/link-account-id-to-promo-code`, [
        { linked: true },
      ]),
    };
    for (const response of Object.values(saved)) expect(response.statusCode).toBe(200);
    expect(saved['auto-renew'].json()).toMatchObject([
      { ruleTypeId: 1, productId: EPOP_PRODUCT.product_id, productName: EPOP_PRODUCT.name, daysPrior: 3 },
    ]);
    expect(saved['custom-pricing'].json()).toMatchObject([
      { ruleTypeId: 3, price: 149, priceWithCommission: 199.5 },
    ]);
    expect(saved['exclude-states'].json()).toMatchObject([
      { ruleTypeId: 4, productId: null, states: 'CA, NY, WA' },
    ]);

    // The table holds what rules.ts, the renewal job and checkout read (README "Partner rules").
    const rows = await suite.ctx.db
      .selectFrom('partner_rule')
      .select(['rule_type_id', 'product_id', 'settings'])
      .where('company_id', '=', partner)
      .orderBy('rule_type_id')
      .execute();
    expect(rows.map((row) => [Number(row.rule_type_id), row.product_id, JSON.parse(row.settings)])).toEqual([
      [1, EPOP_PRODUCT.product_id, { daysPrior: 3 }],
      [2, null, { bypass: true }],
      [3, null, { priceCents: 14_900, priceWithCommissionCents: 19_950 }],
      [4, null, { states: ['CA', 'NY', 'WA'] }],
      [5, null, { linked: true }],
    ]);

    const assigned = (await send('GET', base)).json<{ id: number; ruleTypeId: number; summary: string }[]>();
    expect(assigned.map(({ id, ruleTypeId, summary }) => [id, ruleTypeId, summary])).toEqual([
      [1, 1, `${EPOP_PRODUCT.name}: 3 days prior`],
      [2, 2, 'bypass'],
      [3, 3, '$149.00 / $199.50 with commission'],
      [4, 4, 'CA, NY, WA'],
      [5, 5, 'linked'],
    ]);

    // Where they act: the order form's states and bypass, the prices, for an account entitled to the
    // partner (issue 21): compliance makes broker A one of its users (the partner page's Users panel).
    const { brokerA } = suite.parties.accounts;
    expect((await send('POST', `/company/${partner}/user/${brokerA.userId}`, {})).statusCode).toBe(200);
    const excluded = await suite.ctx.send(
      brokerA,
      'GET',
      `/strategic-partner/${partner}/rule/excluded-states`,
    );
    expect(excluded.json()).toEqual({ excludeAny: true, statesToExclude: ['CA', 'NY', 'WA'] });
    const draft = await suite.ctx.send(
      brokerA,
      'GET',
      `/epop/document/new/${brokerA.userId}?strategicPartnerId=${partner}`,
    );
    expect(draft.json()).toMatchObject({ requiresPurchase: false, partner: { bypassShoppingCart: true } });
    const product = await suite.ctx.send(
      brokerA,
      'GET',
      `/product/epop/${brokerA.userId}?strategicPartnerId=${partner}`,
    );
    expect(product.json()).toMatchObject({ basePrice: 149, price: 199.5 });
  });

  it('updates a rule (its rows replace the old ones) and removes it, for one product or whole', async () => {
    const partner = await newPartner('Changing Partner');
    const base = `/strategic-partner/${partner}/rule`;
    await send('POST', `${base}/auto-renew`, [{ productId: EPOP_PRODUCT.product_id, daysPrior: 3 }]);
    const updated = await send('POST', `${base}/auto-renew`, [
      { productId: EPOP_PRODUCT.product_id, daysPrior: 0 },
    ]);
    expect(updated.json()).toMatchObject([{ daysPrior: 0 }]);
    expect((await send('GET', `${base}/1`)).json()).toMatchObject([
      { productId: EPOP_PRODUCT.product_id, daysPrior: 0 },
    ]);
    expect((await send('GET', base)).json()).toMatchObject([
      { id: 1, summary: `${EPOP_PRODUCT.name}: not renewed` },
    ]);

    // Another product's removal leaves this one; the product's own removes it.
    const otherProduct = '0b6e5c1a-0000-4000-8000-000000000001';
    expect((await send('DELETE', `${base}/1?productId=${otherProduct}`)).json()).toEqual({
      ruleTypeId: 1,
      removed: 0,
    });
    expect((await send('DELETE', `${base}/1?productId=${EPOP_PRODUCT.product_id}`)).json()).toEqual({
      ruleTypeId: 1,
      removed: 1,
    });
    expect((await send('GET', `${base}/1`)).json()).toEqual([]);

    await send('POST', `${base}/exclude-states`, [{ states: 'TX' }]);
    expect((await send('DELETE', `${base}/4`)).json()).toEqual({ ruleTypeId: 4, removed: 1 });
    expect((await send('GET', base)).json()).toEqual([]);
  });

  it.each([
    [
      'rule type 6 (read)',
      'GET',
      '/rule/6',
      undefined,
      { type: 'validation', errors: ['ruleTypeId must be <= 5'] },
    ],
    [
      'rule type 6 (remove)',
      'DELETE',
      '/rule/6',
      undefined,
      { type: 'validation', errors: ['ruleId must be <= 5'] },
    ],
    [
      'an unknown state',
      'POST',
      '/rule/exclude-states',
      [{ states: 'CA, ZZ' }],
      { type: 'validation', errors: ["Row 1: 'ZZ' is not a state abbreviation (the 50 states and DC)"] },
    ],
    [
      'an empty states list',
      'POST',
      '/rule/exclude-states',
      [{ states: ' , ' }],
      {
        type: 'validation',
        errors: ['Row 1: States is required (comma-separated abbreviations, e.g. CA, NY)'],
      },
    ],
    [
      'a negative price',
      'POST',
      '/rule/custom-pricing',
      [{ price: -1, priceWithCommission: 10 }],
      {
        type: 'validation',
        errors: ['Row 1: Price must be a dollar amount of $0.00 or more (whole cents, at most $100,000.00)'],
      },
    ],
    [
      'a price with commission below the price',
      'POST',
      '/rule/custom-pricing',
      [{ price: 200, priceWithCommission: 150 }],
      { type: 'validation', errors: ['Row 1: Price with commission cannot be less than Price'] },
    ],
    [
      'a price without its commissioned price',
      'POST',
      '/rule/custom-pricing',
      [{ price: 10 }],
      { type: 'validation', errors: ['Row 1: Price with commission is required'] },
    ],
    [
      'an auto-renew without a product',
      'POST',
      '/rule/auto-renew',
      [{ daysPrior: 3 }],
      { type: 'validation', errors: ['Row 1: Product is required'] },
    ],
    [
      'negative days prior',
      'POST',
      '/rule/auto-renew',
      [{ productId: EPOP_PRODUCT.product_id, daysPrior: -2 }],
      { type: 'validation', errors: ['Row 1: Days prior must be a whole number from 0 to 365'] },
    ],
    [
      'a field of another type',
      'POST',
      '/rule/bypass-shopping-cart',
      [{ bypass: true, states: 'CA' }],
      { type: 'validation', errors: ['Row 1: states is not a field of Bypass Shopping Cart'] },
    ],
    [
      'a product twice',
      'POST',
      '/rule/auto-renew',
      [{ productId: EPOP_PRODUCT.product_id }, { productId: EPOP_PRODUCT.product_id }],
      { type: 'validation', errors: ['A product may appear only once in a rule'] },
    ],
  ] as const)(
    'refuses %s with a clear 400 and changes nothing',
    async (_what, method, path, body, answer) => {
      const partner = await newPartner('Guarded Partner');
      await send('POST', `/strategic-partner/${partner}/rule/exclude-states`, [{ states: 'NY' }]);
      await send('POST', `/strategic-partner/${partner}/rule/custom-pricing`, [
        { price: 100, priceWithCommission: 150 },
      ]);
      const before = await snapshot(suite.ctx.db);
      const response = await send(method, `/strategic-partner/${partner}${path}`, body as object | undefined);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(answer);
      expect(await snapshot(suite.ctx.db)).toEqual(before);
    },
  );

  it('refuses an unknown rule route with 400 and a rule of an unknown partner with 404', async () => {
    const unknownRoute = await send('POST', `/strategic-partner/${suite.parties.partnerId}/rule/six`, []);
    expect(unknownRoute.statusCode).toBe(400);
    const noPartner = '0b6e5c1a-0000-4000-8000-000000000002';
    for (const [method, path] of [
      ['GET', '/rule'],
      ['GET', '/rule/2'],
      ['POST', '/rule/bypass-shopping-cart'],
      ['DELETE', '/rule/2'],
    ] as const) {
      const response = await send(
        method,
        `/strategic-partner/${noPartner}${path}`,
        method === 'POST' ? [] : undefined,
      );
      expect([method, path, response.statusCode]).toEqual([method, path, 404]);
    }
  });
});
