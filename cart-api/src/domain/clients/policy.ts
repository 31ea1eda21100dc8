import type { Kysely } from 'kysely';
import type { Policy } from 'service-kit';
import type { Database } from '../../db/schema.js';
import { companyPolicy } from '../companies/policy.js';
import { CLIENTS_MESSAGES } from './messages.js';

/** `client`: a company of kind client, under the company rules (its broker, its linked employers). */
export function clientPolicy(db: Kysely<Database>): Policy {
  return { ...companyPolicy(db, ['client']), notFoundMessage: CLIENTS_MESSAGES.notFound };
}
