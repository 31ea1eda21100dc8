import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { addDays, productToday } from 'shared-domain';
import { EPOP_PRODUCT } from '../../src/db/reference-data.js';
import type { Database } from '../../src/db/schema.js';

/** A `company` row with only a name (and optionally its broker or kind); every detail column empty. */
export function companyRow(
  name: string,
  {
    brokerUserId = null,
    kind = 'client',
  }: { brokerUserId?: string | null; kind?: 'client' | 'strategic-partner' } = {},
): Insertable<Database['company']> {
  return {
    company_id: randomUUID(),
    kind,
    name,
    address_line1: null,
    address_line2: null,
    city: null,
    state: null,
    zip_code: null,
    phone: null,
    federal_tax_id: null,
    legal_entity_type: null,
    state_of_legal_construction: null,
    strategic_partner_id: null,
    broker_user_id: brokerUserId,
    created_at: new Date().toISOString(),
  };
}

/** An `epop_document` row: a Paid, active document of `companyId` owned by `ownerUserId`. */
export function documentRow(
  ownerUserId: string,
  companyId: string,
  overrides: Partial<Insertable<Database['epop_document']>> = {},
): Insertable<Database['epop_document']> {
  return {
    document_id: randomUUID(),
    product_id: EPOP_PRODUCT.product_id,
    owner_user_id: ownerUserId,
    client_company_id: companyId,
    strategic_partner_id: null,
    name: 'POP Document',
    plan_year_start: '2027-01-01',
    plan_year_end: '2027-12-31',
    status: 'Paid',
    json: JSON.stringify({ clientCompanyName: 'x' }),
    active: 1,
    created_at: new Date().toISOString(),
    ...overrides,
  };
}

/** An ISO date `days` from today (the product's day, as the service counts). */
export const daysFromToday = (days: number) => addDays(productToday(), days);

/** A `partner_rule` row: a strategic partner's rule of `ruleTypeId` with its settings. */
export function partnerRuleRow(
  partnerId: string,
  ruleTypeId: number,
  settings: object,
  { productId = EPOP_PRODUCT.product_id as string | null, createdAt = new Date() } = {},
): Insertable<Database['partner_rule']> {
  return {
    rule_id: randomUUID(),
    company_id: partnerId,
    rule_type_id: ruleTypeId,
    product_id: productId,
    settings: JSON.stringify(settings),
    created_at: createdAt.toISOString(),
  };
}
