import { roleInfo } from 'shared-domain';
import type { SessionUser } from '../contract/bff.js';

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The SessionUser of identity-api's id_token claims (README "Tokens"); undefined without a subject. */
export function sessionUserFromClaims(claims: Record<string, unknown>): SessionUser | undefined {
  const userId = text(claims.sub);
  if (!userId) return undefined;
  const roles = Array.isArray(claims.roles) ? claims.roles.filter((role) => typeof role === 'string') : [];
  const firstName = text(claims.given_name);
  const lastName = text(claims.family_name);
  return {
    userId,
    username: text(claims.preferred_username),
    email: text(claims.email),
    firstName,
    lastName,
    fullName: [firstName, lastName].filter(Boolean).join(' '),
    roles,
    ...roleInfo(roles),
  };
}
