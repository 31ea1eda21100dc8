import type { Kysely } from 'kysely';
import { validOrFail, ValidationFailure } from 'service-kit';
import { validateInput } from 'shared-domain';
import { documentSchema, US_STATES } from 'shared-domain/forms';
import type { Database } from '../../db/schema.js';
import type { PartnerFormSettings } from '../../contract/strategic-partner-settings.js';
import { partnerFormSettings } from '../partners/settings.js';
import { PARTNERS_MESSAGES } from '../partners/messages.js';
import { DOCUMENTS_MESSAGES } from './messages.js';
import type { SavedForm } from './queries.js';

/**
 * The partner a document is sold through, with what it changes on the form (a Colonial partner's
 * documents need the agent number; excluded states), or a 400 naming it when there is no such partner.
 */
export async function partnerOf(
  db: Kysely<Database>,
  strategicPartnerId: string | null | undefined,
): Promise<PartnerFormSettings | null> {
  if (!strategicPartnerId) return null;
  const partner = await partnerFormSettings(db, strategicPartnerId);
  if (!partner) throw new ValidationFailure([PARTNERS_MESSAGES.notFound]);
  return partner;
}

const stateName = (id: string) => US_STATES.find((state) => state.id === id)?.name ?? id;

/**
 * The order form's business rules (shared-domain's `documentSchema`, the ones the form runs), with the
 * partner's (agent number for Colonial, its excluded states): every write of a document runs them (a
 * save, a cart item, an invite). `renewal`: the document renews another (it keeps the plan's original
 * effective date whatever its amendment answer).
 */
export async function checkedForm(
  fields: Record<string, unknown>,
  partner: PartnerFormSettings | null,
  { renewal = false }: { renewal?: boolean } = {},
): Promise<SavedForm> {
  const form = validOrFail(
    await validateInput(documentSchema, fields, { colonial: partner?.colonial != null, renewal }),
  ) as SavedForm;
  if (partner && typeof form.state === 'string' && partner.excludedStates.includes(form.state)) {
    throw new ValidationFailure([DOCUMENTS_MESSAGES.save.stateExcluded(stateName(form.state), partner.name)]);
  }
  return form;
}
