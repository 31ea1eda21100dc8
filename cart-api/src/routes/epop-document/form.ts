import type { Kysely } from 'kysely';
import { validOrFail, ValidationFailure } from 'service-kit';
import { validateInput } from 'shared-domain';
import { documentSchema } from 'shared-domain/forms';
import type { Database } from '../../db/schema.js';
import { SAVE_MESSAGES } from './policy.js';
import { companyOfKind, type SavedForm } from './queries.js';

/**
 * The partner a document is sold through (a Colonial partner's documents need the agent number), or
 * a 400 naming it when there is no such partner.
 */
export async function partnerOf(db: Kysely<Database>, strategicPartnerId: string | null | undefined) {
  if (!strategicPartnerId) return null;
  const partner = await companyOfKind(db, strategicPartnerId, 'strategic-partner');
  if (!partner) throw new ValidationFailure([SAVE_MESSAGES.partnerNotFound]);
  return partner;
}

/**
 * The order form's business rules (shared-domain's `documentSchema`, the ones the form runs), with the
 * partner's: every write of a document runs them (a save, a cart item, an invite).
 */
export async function checkedForm(fields: Record<string, unknown>, colonial: boolean): Promise<SavedForm> {
  return validOrFail(await validateInput(documentSchema, fields, { colonial })) as SavedForm;
}
