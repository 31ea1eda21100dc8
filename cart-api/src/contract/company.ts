import { Type, Uuid, UserId, type Static } from 'service-kit';

/** `company/{companyId}/user`: the company's id (a client, or compliance's strategic partner). */
export const CompanyIdParams = Type.Object({ companyId: Uuid() }, { additionalProperties: false });

/** `company/{companyId}/user/{userId}`: a user of identity-api linked to (or to link to) the company. */
export const CompanyUserParams = Type.Object(
  { companyId: Uuid(), userId: UserId() },
  { additionalProperties: false },
);

/** A company user (specs/2-documents.md §3 "Company user"): names from identity-api. */
export const CompanyUser = Type.Object({
  userId: Type.String(),
  userName: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
});
export type CompanyUser = Static<typeof CompanyUser>;
