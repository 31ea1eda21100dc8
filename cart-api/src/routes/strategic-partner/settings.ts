import type { Kysely } from 'kysely';
import { Nullable, Type, Uuid, type Static } from 'service-kit';
import type { Database } from '../../db/schema.js';

/** The specs' default no-pay reason of a Colonial document (2-documents §3 "colonial block"). */
export const DEFAULT_NO_PAY = 'None - Document is to be paid for';

/** A reason a Colonial document is not to be paid for (N1, N2, …). */
export const NoPayOption = Type.Object({ code: Type.String(), description: Type.String() });

export const CustomIdentifier = Type.Object({ label: Type.String(), helpText: Type.String() });

/**
 * What a strategic partner changes on the order form (2-documents §1, §3, §5): the labels and help
 * text of the account id fields, the states it excludes, whether its documents bypass the cart, and
 * the Colonial block (agent number required, no-pay options).
 */
export const PartnerFormSettings = Type.Object({
  strategicPartnerId: Uuid(),
  name: Type.String(),
  bypassShoppingCart: Type.Boolean(),
  customIdentifiers: Type.Object({
    'account-id': Type.Optional(CustomIdentifier),
    'account-id-suffix': Type.Optional(CustomIdentifier),
  }),
  excludedStates: Type.Array(Type.String({ description: 'two-letter state ids' })),
  colonial: Nullable(Type.Object({ noPayOptions: Type.Array(NoPayOption), defaultNoPay: Type.String() })),
});
export type PartnerFormSettings = Static<typeof PartnerFormSettings>;

/** A partner's form settings, or null when `strategicPartnerId` names no partner. */
export async function partnerFormSettings(
  db: Kysely<Database>,
  strategicPartnerId: string | null | undefined,
): Promise<PartnerFormSettings | null> {
  if (!strategicPartnerId) return null;
  const partner = await db
    .selectFrom('company')
    .select(['company_id', 'name', 'colonial'])
    .where('company_id', '=', strategicPartnerId)
    .where('kind', '=', 'strategic-partner')
    .executeTakeFirst();
  if (!partner) return null;
  // TODO(partner rules): read the partner's rules (bypass, excluded states), labels and no-pay options.
  return {
    strategicPartnerId: partner.company_id,
    name: partner.name,
    bypassShoppingCart: false,
    customIdentifiers: {},
    excludedStates: [],
    colonial: Number(partner.colonial) === 1 ? { noPayOptions: [], defaultNoPay: DEFAULT_NO_PAY } : null,
  };
}
