import type { Kysely } from 'kysely';
import type { Policy } from 'service-kit';
import type { Database } from '../../db/schema.js';
import { companyPolicy } from '../companies/policy.js';

export const CLIENT_NOT_FOUND = 'Client not found';

/** `client`: a company of kind client, under the company rules (its broker, its linked employers). */
export function clientPolicy(db: Kysely<Database>): Policy {
  return { ...companyPolicy(db, ['client']), notFoundMessage: CLIENT_NOT_FOUND };
}
