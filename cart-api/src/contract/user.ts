import { Nullable, Type, type Static } from 'service-kit';

/** A company of a user (specs/3-admin.md §3): a client company the user is linked to. */
export const UserCompany = Type.Object({
  companyId: Type.String(),
  clientId: Type.String({ description: 'the same id: a client is a company' }),
  name: Type.String(),
  state: Nullable(Type.String()),
  zipCode: Nullable(Type.String()),
  strategicPartnerAccountId: Nullable(Type.String()),
});
export type UserCompany = Static<typeof UserCompany>;
