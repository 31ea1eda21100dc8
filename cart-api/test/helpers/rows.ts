import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
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
