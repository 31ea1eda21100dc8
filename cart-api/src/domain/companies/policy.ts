import type { Kysely } from 'kysely';
import type { Policy } from 'service-kit';
import type { CompanyKind, Database } from '../../db/schema.js';
import { isCompliance, member } from '../../policies/rules.js';
import { COMPANIES_MESSAGES } from './messages.js';
import { companyExists, companyOwnership } from './queries.js';

/** Company actions that change who belongs to it (the company users panel's 'Add User', 'Remove Access'). */
export const MANAGE_USERS = 'manage-users';

/**
 * `company` (any kind; `kinds` narrows it, e.g. to clients): compliance may do everything; a broker
 * the companies whose broker they are (`company.broker_user_id`); an employer (epop) the companies
 * linked to them (`company_user`). A strategic partner: compliance only (the users compliance links to
 * it are entitled to its benefits, and see nothing of it).
 */
export function companyPolicy(db: Kysely<Database>, kinds?: readonly CompanyKind[]): Policy {
  const ofKind = (kind: CompanyKind) => !kinds || kinds.includes(kind);
  return {
    async exists(id) {
      return companyExists(db, id);
    },
    async allows(caller, _action, id) {
      if (!member(caller)) return false;
      const company = await companyOwnership(db, id, caller.userId);
      if (!company || !ofKind(company.kind)) return false;
      if (isCompliance(caller)) return true;
      // A partner's users (company_user) are entitled to its benefits (partners/entitlement.ts), not
      // to the partner's record or its other users.
      if (company.kind === 'strategic-partner') return false;
      if (caller.roleGroup === 'broker') return company.brokerUserId === caller.userId;
      return company.linked;
    },
  };
}

/**
 * `user-link` (a company ↔ user link, named by the company: `company/{companyId}/user/{userId}`):
 * whoever may see the company may list its users; adding or removing one is for compliance and the
 * company's broker (an employer cannot grant access to their own company).
 */
export function userLinkPolicy(db: Kysely<Database>): Policy {
  const company = companyPolicy(db);
  return {
    exists: company.exists!,
    async allows(caller, action, id) {
      if (action !== MANAGE_USERS) return company.allows(caller, action, id);
      if (!member(caller) || caller.roleGroup === 'epop') return false;
      return company.allows(caller, action, id);
    },
    notFoundMessage: COMPANIES_MESSAGES.notFound,
  };
}
