import { Nullable, Type, Uuid, type Static } from 'service-kit';

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
