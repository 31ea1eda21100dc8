import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { jsonObject } from '../../lib/json.js';
import { RULE_TYPE } from '../partners/rules.js';
import type { PromoTerms } from './pricing.js';

/** What a cart item tells about its client: its partner, product and document. */
interface LinkedRow {
  cart_item_id: string;
  product_id: string;
  strategic_partner_id: string | null;
  document_id: string | null;
  json: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * A partner's link-account-id-to-promo-code rule (specs/3-admin.md §3 rule type 5; README "Link
 * account id to promo code"): a cart item sold through a partner with the rule (for the item's
 * product, or for every product) with its linked flag set (`settings.linked: true`), whose client has an account
 * id at that partner, gets the promo code whose code is that account id (case-insensitive), on that
 * item alone, as if applied. The client's account id is the one the order form carries
 * (`accountId`), else the stored client's (company.strategic_partner_account_id, when the client
 * is that partner's). A code the user applied themselves is not applied twice; validity dates,
 * product and maximum act as for any code.
 */
export async function linkedPromoTerms(
  db: Kysely<Database>,
  rows: readonly LinkedRow[],
  applied: readonly PromoTerms[],
): Promise<PromoTerms[]> {
  const partnerIds = [
    ...new Set(rows.flatMap((row) => (row.strategic_partner_id ? [row.strategic_partner_id] : []))),
  ];
  if (partnerIds.length === 0) return [];
  const rules = await db
    .selectFrom('partner_rule')
    .select(['company_id', 'product_id', 'settings'])
    .where('rule_type_id', '=', RULE_TYPE.linkAccountIdToPromoCode)
    .where('company_id', 'in', partnerIds)
    .execute();
  // The rule for the item's product wins over the partner's rule for every product.
  const linked = (row: (typeof rows)[number]) => {
    const own = rules.filter((rule) => rule.company_id === row.strategic_partner_id);
    const rule =
      own.find((candidate) => candidate.product_id === row.product_id) ??
      own.find((candidate) => candidate.product_id === null);
    return rule !== undefined && jsonObject(rule.settings).linked === true;
  };
  const ruled = rows.filter(linked);
  if (ruled.length === 0) return [];

  // The account ids: the form's, else the stored client's (the client the form names, or the
  // stored document's client an unpaid item pays for).
  const accountOf = new Map<string, string>();
  const clientOf = new Map<string, string>();
  for (const row of ruled) {
    const form = jsonObject(row.json);
    const accountId = text(form.accountId);
    if (accountId) accountOf.set(row.cart_item_id, accountId);
    else if (text(form.clientId)) clientOf.set(row.cart_item_id, text(form.clientId));
  }
  const documentIds = ruled
    .filter((row) => !accountOf.has(row.cart_item_id) && !clientOf.has(row.cart_item_id) && row.document_id)
    .map((row) => row.document_id!);
  if (documentIds.length > 0) {
    const documents = await db
      .selectFrom('epop_document')
      .select(['document_id', 'client_company_id'])
      .where('document_id', 'in', documentIds)
      .execute();
    const clientByDocument = new Map(documents.map((row) => [row.document_id, row.client_company_id]));
    for (const row of ruled) {
      const clientId = row.document_id ? clientByDocument.get(row.document_id) : undefined;
      if (clientId && !accountOf.has(row.cart_item_id)) clientOf.set(row.cart_item_id, clientId);
    }
  }
  if (clientOf.size > 0) {
    const clients = await db
      .selectFrom('company')
      .select(['company_id', 'strategic_partner_id', 'strategic_partner_account_id'])
      .where('company_id', 'in', [...new Set(clientOf.values())])
      .where('kind', '=', 'client')
      .execute();
    const byId = new Map(clients.map((client) => [client.company_id, client]));
    for (const row of ruled) {
      const client = byId.get(clientOf.get(row.cart_item_id) ?? '');
      const accountId = text(client?.strategic_partner_account_id);
      if (client && client.strategic_partner_id === row.strategic_partner_id && accountId) {
        accountOf.set(row.cart_item_id, accountId);
      }
    }
  }
  if (accountOf.size === 0) return [];

  const keys = [...new Set([...accountOf.values()].map((accountId) => accountId.toLowerCase()))];
  const codes = await db
    .selectFrom('discount')
    .select([
      'discount_id',
      'code_key',
      'percentage',
      'amount_cents',
      'max_amount_cents',
      'product_id',
      'type',
      'start_date',
      'end_date',
    ])
    .where('code_key', 'in', keys)
    .execute();
  const appliedIds = new Set(applied.map((code) => code.discountId));
  return codes
    .filter((code) => !appliedIds.has(code.discount_id))
    .map((code) => ({
      discountId: code.discount_id,
      percentage: code.percentage === null ? null : Number(code.percentage),
      amountCents: code.amount_cents === null ? null : Number(code.amount_cents),
      maxAmountCents: code.max_amount_cents === null ? null : Number(code.max_amount_cents),
      productId: code.product_id,
      type: code.type,
      startDate: code.start_date,
      endDate: code.end_date,
      lineIds: ruled
        .filter((row) => accountOf.get(row.cart_item_id)?.toLowerCase() === code.code_key)
        .map((row) => row.cart_item_id),
    }));
}
