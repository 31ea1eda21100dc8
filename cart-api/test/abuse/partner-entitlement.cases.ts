import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { COMMISSION_INCLUDED, EPOP_PRODUCT } from '../../src/db/reference-data.js';
import { RULE_TYPE } from '../../src/domain/partners/rules.js';
import { documentForm } from '../helpers/documents.js';
import { makePartnerUser } from '../helpers/entitlement.js';
import { promoCodeRow, seededTestApp, snapshot, type Account } from '../helpers/parties.js';
import { companyRow } from '../helpers/rows.js';

/**
 * Issue 21 item 7, the hostile suite: a partner's benefits (its cart bypass, a free Paid document; its
 * custom price; its linked promo codes) go to the accounts entitled to it (its referral link, its
 * users, the client or document compliance gave it), never to whoever names its id. Naming the id
 * gets the standard product, with no error that would tell a partner's id from any other.
 */
describe("a partner's benefits, by entitlement and not by naming its id", () => {
  const suite = seededTestApp();
  const db = () => suite.ctx.db;

  /** A partner with every benefit: bypass, custom prices ($99 / $149), linked codes; and its code. */
  async function generousPartner() {
    const partner = {
      ...companyRow(`Generous Partner ${randomUUID().slice(0, 6)}`, { kind: 'strategic-partner' }),
      referral_id: `ref-${randomUUID().slice(0, 8)}`,
    };
    await db().insertInto('company').values(partner).execute();
    for (const [type, settings] of [
      [RULE_TYPE.bypassShoppingCart, { bypass: true }],
      [RULE_TYPE.customPricing, { priceCents: 9_900, priceWithCommissionCents: 14_900 }],
      [RULE_TYPE.linkAccountIdToPromoCode, { linked: true }],
    ] as const) {
      await db()
        .insertInto('partner_rule')
        .values({
          rule_id: randomUUID(),
          company_id: partner.company_id,
          rule_type_id: type,
          product_id: null,
          settings: JSON.stringify(settings),
          created_at: new Date().toISOString(),
        })
        .execute();
    }
    // The code its clients' account id names (50% off their items).
    const accountId = `GEN${randomUUID().slice(0, 6).toUpperCase()}`;
    await db()
      .insertInto('discount')
      .values(promoCodeRow(accountId, { percentage: 50, type: 'Product' }))
      .execute();
    return { partnerId: partner.company_id, referralId: partner.referral_id, accountId };
  }

  async function broker(): Promise<Account> {
    const account: Account = { userId: randomUUID(), roles: ['broker'] };
    suite.ctx.identity.add({ userId: account.userId, role: 'broker' });
    return account;
  }

  /** What an account gets when it names the partner: its draft, its price, a free document, a cart item. */
  async function whatNamingGets(account: Account, partnerId: string | undefined, accountId: string) {
    const send = suite.ctx.send;
    const query = partnerId ? `?strategicPartnerId=${partnerId}` : '';
    const draft = (await send(account, 'GET', `/epop/document/new/${account.userId}${query}`)).json<{
      strategicPartnerId: string | null;
      requiresPurchase: boolean;
      partner: unknown;
    }>();
    const price = (await send(account, 'GET', `/product/epop/${account.userId}${query}`)).json<{
      price: number;
      basePrice: number;
    }>();
    const company = `Named ${randomUUID().slice(0, 6)}`;
    const free = await send(account, 'POST', `/epop-document/${account.userId}`, {
      ...documentForm({ clientCompanyName: company }),
      ...(partnerId ? { strategicPartnerId: partnerId } : {}),
    });
    const freeDocuments = await db()
      .selectFrom('epop_document')
      .select(['document_id', 'status', 'strategic_partner_id'])
      .where('owner_user_id', '=', account.userId)
      .where('free', '=', 1)
      .execute();
    const added = await send(account, 'POST', '/shopping-cart', {
      productId: EPOP_PRODUCT.product_id,
      quantity: 1,
      attributes: [COMMISSION_INCLUDED.attribute_value_id],
      json: documentForm({ clientCompanyName: `${company} Cart`, accountId }),
      userId: account.userId,
      ...(partnerId ? { strategicPartnerId: partnerId } : {}),
    });
    const cart = (await send(account, 'GET', `/shopping-cart/${account.userId}`)).json<{
      items: { unitPrice: number; discount: number; total: number }[];
      total: number;
    }>();
    const item = await db()
      .selectFrom('cart_item')
      .select(['strategic_partner_id', 'base_price_cents'])
      .where('user_id', '=', account.userId)
      .executeTakeFirst();
    return {
      draft: {
        strategicPartnerId: draft.strategicPartnerId,
        requiresPurchase: draft.requiresPurchase,
        partner: draft.partner === null ? null : 'the partner',
      },
      price: [price.price, price.basePrice],
      free: { status: free.statusCode, documents: freeDocuments.length },
      cart: {
        added: added.statusCode,
        partner: item?.strategic_partner_id ?? null,
        lines: cart.items.map((line) => [line.unitPrice, line.discount, line.total]),
      },
    };
  }

  /** The standard product, as a broker who names no partner gets it. */
  const STANDARD = {
    draft: { strategicPartnerId: null, requiresPurchase: true, partner: null },
    price: [300, 225],
    free: { status: 403, documents: 0 },
    cart: { added: 200, partner: null, lines: [[300, 0, 300]] },
  };

  it('gives an account that only names the partner the standard product: no free document, no partner price, no linked code', async () => {
    const { partnerId, accountId } = await generousPartner();
    expect(await whatNamingGets(await broker(), undefined, accountId)).toEqual(STANDARD);
    // Naming the partner's id changes nothing, and reads exactly like an id that names no partner.
    expect(await whatNamingGets(await broker(), partnerId, accountId)).toEqual(STANDARD);
    expect(await whatNamingGets(await broker(), randomUUID(), accountId)).toEqual(STANDARD);
  });

  it('still gives them to an account entitled to the partner: its referral link, or compliance making it a user of the partner', async () => {
    const { partnerId, referralId, accountId } = await generousPartner();
    const referred = await broker();
    suite.ctx.identity.refer(referred.userId, referralId);
    const assigned = await broker();
    await makePartnerUser(db(), partnerId, assigned.userId);
    for (const account of [referred, assigned]) {
      expect(await whatNamingGets(account, partnerId, accountId)).toEqual({
        draft: { strategicPartnerId: partnerId, requiresPurchase: false, partner: 'the partner' },
        price: [149, 99],
        free: { status: 200, documents: 1 },
        // $149 at the partner's price, half of it off by the code its account id names.
        cart: { added: 200, partner: partnerId, lines: [[149, 74.5, 74.5]] },
      });
    }
    // Another partner's referral link is not this one's.
    const elsewhere = await broker();
    suite.ctx.identity.refer(elsewhere.userId, `${referralId}-other`);
    expect(await whatNamingGets(elsewhere, partnerId, accountId)).toEqual(STANDARD);
  });

  it("gives them for the documents of a client compliance made the partner's, to whoever looks after it", async () => {
    const { partnerId, accountId } = await generousPartner();
    const account = await broker();
    const client = {
      ...companyRow('Assigned Client', { brokerUserId: account.userId }),
      strategic_partner_id: partnerId,
      strategic_partner_account_id: accountId,
    };
    await db().insertInto('company').values(client).execute();
    const forClient = await suite.ctx.send(account, 'POST', '/shopping-cart', {
      productId: EPOP_PRODUCT.product_id,
      quantity: 1,
      attributes: [COMMISSION_INCLUDED.attribute_value_id],
      json: documentForm({ clientCompanyName: 'Assigned Client', clientId: client.company_id }),
      userId: account.userId,
      strategicPartnerId: partnerId,
    });
    expect(forClient.json()).toMatchObject({ cartItem: { unitPrice: 149, discount: 74.5 } });
    // A new client of theirs is not the partner's: the standard price.
    const newClient = await suite.ctx.send(account, 'POST', '/shopping-cart', {
      productId: EPOP_PRODUCT.product_id,
      quantity: 1,
      attributes: [COMMISSION_INCLUDED.attribute_value_id],
      json: documentForm({ clientCompanyName: 'Brand New Client' }),
      userId: account.userId,
      strategicPartnerId: partnerId,
    });
    expect(newClient.json()).toMatchObject({ cartItem: { unitPrice: 300, discount: 0 } });
  });

  it('invites at the standard price, through no partner, when the inviter only names it', async () => {
    const { partnerId } = await generousPartner();
    const send = (account: Account) =>
      suite.ctx.send(account, 'POST', '/action-item/document-invite', {
        firstname: 'Ina',
        lastname: 'Vitee',
        email: `ina.${randomUUID().slice(0, 6)}@example.test`,
        companyName: 'Invited Co',
        attributes: [COMMISSION_INCLUDED.attribute_value_id],
        document: { ...documentForm({ clientCompanyName: 'Invited Co' }), strategicPartnerId: partnerId },
      });
    const partnerOfInvite = async (answer: { documentId: string }) =>
      await db()
        .selectFrom('epop_document as d')
        .innerJoin('company as c', 'c.company_id', 'd.client_company_id')
        .select(['d.strategic_partner_id as document', 'c.strategic_partner_id as client'])
        .where('d.document_id', '=', answer.documentId)
        .executeTakeFirstOrThrow();
    const stranger = await broker();
    const namedOnly = await send(stranger);
    expect(namedOnly.statusCode).toBe(200);
    expect(await partnerOfInvite(namedOnly.json())).toEqual({ document: null, client: null });

    const assigned = await broker();
    await makePartnerUser(db(), partnerId, assigned.userId);
    const entitled = await send(assigned);
    expect(await partnerOfInvite(entitled.json())).toEqual({ document: partnerId, client: partnerId });
  });

  it('changes no row when an account that only names a bypass partner asks for a free document', async () => {
    const { partnerId } = await generousPartner();
    const account = await broker();
    const before = await snapshot(db());
    const refused = await suite.ctx.send(account, 'POST', `/epop-document/${account.userId}`, {
      ...documentForm(),
      strategicPartnerId: partnerId,
    });
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      {
        message:
          'Only compliance can create a document without a purchase: add it to the cart or send an invite',
      },
    ]);
    expect(await snapshot(db())).toEqual(before);
  });
});
