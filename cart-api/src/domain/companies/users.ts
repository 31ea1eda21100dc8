import type { Kysely } from 'kysely';
import { notFound, type Caller } from 'service-kit';
import type { Database } from '../../db/schema.js';
import type { IdentityDirectory, IdentityUser } from '../../plugins/app/identity.js';
import type { CompanyUser } from '../../contract/company.js';
import { logChange } from '../clients/change-log.js';
import { USERS_MESSAGES } from '../users/messages.js';
import { userVisibleTo } from '../users/visibility.js';
import { companyUserIds, linkCompanyUser, unlinkCompanyUser } from './queries.js';

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

/** The company users panel: the users linked to a company, by name (see companyUsers). */
export async function companyUsersOf(
  db: Kysely<Database>,
  identity: IdentityDirectory,
  companyId: string,
): Promise<CompanyUser[]> {
  return companyUsers(identity, await companyUserIds(db, companyId));
}

/**
 * Add User: links a user of identity-api to the company and says so in the client's change log, in
 * one transaction. Linking again changes nothing (and logs nothing). Answers the user (names and
 * e-mail); `404` when identity-api does not know them, and the same `404` when the caller may not
 * learn who they are (`userVisibleTo`: a broker adds the people they found by their exact username or
 * e-mail address, or are linked with), so a user id never resolves to a name.
 */
export async function addCompanyUser(
  db: Kysely<Database>,
  identity: IdentityDirectory,
  caller: Caller,
  companyId: string,
  userId: string,
): Promise<CompanyUser> {
  if (!(await userVisibleTo({ db, identity }, caller, userId))) throw notFound(USERS_MESSAGES.notFound);
  const user = await knownUser(identity, userId);
  if (!user) throw notFound(USERS_MESSAGES.notFound);
  await db.transaction().execute(async (trx) => {
    if (!(await linkCompanyUser(trx, companyId, userId))) return;
    await logChange(trx, {
      companyId,
      caller,
      description: `User ${user.userName} (${user.email}) added to the company`,
    });
  });
  return user;
}

/**
 * Remove Access: unlinks a user from the company (they no longer see its documents) and says so in
 * the client's change log, in one transaction. A user who is not linked leaves things as asked.
 */
export async function removeCompanyUser(
  db: Kysely<Database>,
  identity: IdentityDirectory,
  caller: Pick<Caller, 'userId' | 'username'>,
  companyId: string,
  userId: string,
): Promise<void> {
  // The name for the log, asked before: a failure of identity-api leaves the user's id instead.
  const user = await knownUser(identity, userId).catch(() => undefined);
  await db.transaction().execute(async (trx) => {
    if (!(await unlinkCompanyUser(trx, companyId, userId))) return;
    await logChange(trx, {
      companyId,
      caller,
      description: `User ${user ? `${user.userName} (${user.email})` : userId} removed from the company`,
    });
  });
}
