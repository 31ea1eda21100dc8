/** Every role identity-api can grant (specs/1-foundation.md §4, §6). */
export const ROLES = [
  'admin',
  'compliance',
  'iss',
  'teammanager',
  'ae',
  'broker',
  'producersupport',
  'epop',
  'employer',
] as const;
export type Role = (typeof ROLES)[number];

/** Permission groups; `guest` is anyone not logged in. */
export type RoleGroup = 'compliance' | 'broker' | 'epop' | 'guest';

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

const GROUP_OF_ROLE: Record<Role, Exclude<RoleGroup, 'guest'>> = {
  admin: 'compliance',
  compliance: 'compliance',
  iss: 'compliance',
  teammanager: 'compliance',
  ae: 'compliance',
  broker: 'broker',
  producersupport: 'broker',
  epop: 'epop',
  employer: 'epop',
};

/**
 * The one effective role of a roles list (§4 Role resolution): with several roles admin wins, then
 * compliance, then broker or producersupport (as broker), then epop or employer (as epop);
 * otherwise the first role. Returns undefined for an empty list.
 */
export function resolveRole(roles: readonly string[]): string | undefined {
  if (roles.length > 1) {
    if (roles.includes('admin')) return 'admin';
    if (roles.includes('compliance')) return 'compliance';
    if (roles.includes('broker') || roles.includes('producersupport')) return 'broker';
    if (roles.includes('epop') || roles.includes('employer')) return 'epop';
  }
  return roles[0];
}

/** The permission group of a role; unknown roles and no role at all are `guest`. */
export function roleGroup(role: string | undefined | null): RoleGroup {
  return isRole(role) ? GROUP_OF_ROLE[role] : 'guest';
}

/** Effective role and group from the roles list of an access token or session. */
export function roleInfo(roles: readonly string[]): { role: string | undefined; roleGroup: RoleGroup } {
  const role = resolveRole(roles);
  return { role, roleGroup: roleGroup(role) };
}
