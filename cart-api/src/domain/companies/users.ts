import type { IdentityDirectory, IdentityUser } from '../../plugins/app/identity.js';
import type { CompanyUser } from '../../contract/company.js';

const toCompanyUser = ({ userId, userName, firstName, lastName, email }: IdentityUser): CompanyUser => ({
  userId,
  userName,
  firstName,
  lastName,
  email,
});

const byName = (a: CompanyUser, b: CompanyUser) =>
  `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`, 'en', {
    sensitivity: 'base',
  }) || a.userName.localeCompare(b.userName, 'en', { sensitivity: 'base' });

/**
 * The company users panel's rows: the linked users as identity-api knows them, by name. A link to an
 * account identity-api no longer has is left out: nobody can sign in with it, so it grants nothing.
 */
export async function companyUsers(
  identity: IdentityDirectory,
  userIds: readonly string[],
): Promise<CompanyUser[]> {
  if (userIds.length === 0) return [];
  return (await identity.lookupUsers(userIds)).map(toCompanyUser).sort(byName);
}

/** One user of identity-api as a company user; undefined when identity-api does not know them. */
export async function knownUser(
  identity: IdentityDirectory,
  userId: string,
): Promise<CompanyUser | undefined> {
  const [user] = await identity.lookupUsers([userId]);
  return user && toCompanyUser(user);
}
