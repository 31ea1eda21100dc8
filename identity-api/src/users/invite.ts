import { randomBytes } from 'node:crypto';
import { ROLES, validateInput, type Role } from 'shared-domain';
import { object, string } from 'yup';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { issueTemporaryUserToken } from './temporary-user-token.js';
import { createUser } from './users.js';

export const inviteSchema = object({
  username: string().trim().required('--username is required').max(100),
  email: string().trim().required('--email is required').email('--email is not an e-mail address').max(200),
  first: string().trim().required('--first is required').max(200),
  last: string().trim().required('--last is required').max(200),
  company: string().trim().max(200).default(''),
  role: string()
    .required('--role is required')
    .oneOf([...ROLES], `--role must be one of ${ROLES.join(', ')}`),
});

/** A new account's details; it gets a random password nobody knows and a first-login link. */
export interface InvitedAccount {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  role: Role;
}

/**
 * Creates a user who sets their own password on the first-login welcome page: the account gets a
 * random password nobody knows, and the answer is the link to send them (APP_URL/first-time-setup/…).
 * Throws UsernameTakenError when the username is taken.
 */
export async function createInvitedAccount(
  db: Db,
  config: Pick<Config, 'appUrl' | 'temporaryTokenTtlHours'>,
  account: InvitedAccount,
): Promise<{ userId: string; url: string }> {
  let token = '';
  // The link's token in the account's own transaction: an invitation of the same address at the same
  // time finds the account with its pending setup (inviteEmployer), never an account without one.
  const user = await createUser(
    db,
    {
      username: account.username,
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      companyName: account.companyName,
      roles: [account.role],
      password: randomBytes(32).toString('base64url'),
    },
    async (trx, userId) => {
      token = await issueTemporaryUserToken(trx, userId, config.temporaryTokenTtlHours);
    },
  );
  return { userId: user.userId, url: `${config.appUrl}/first-time-setup/${token}` };
}

/** The operator's `invite-user` command: its options checked, then createInvitedAccount. */
export async function inviteUser(
  db: Db,
  config: Pick<Config, 'appUrl' | 'temporaryTokenTtlHours'>,
  options: unknown,
): Promise<{ ok: true; userId: string; url: string } | { ok: false; errors: string[] }> {
  const input = await validateInput(inviteSchema, options);
  if (!input.ok) return input;
  const { username, email, first, last, company, role } = input.value;
  const invited = await createInvitedAccount(db, config, {
    username,
    email,
    firstName: first,
    lastName: last,
    companyName: company,
    role: role as Role,
  });
  return { ok: true, ...invited };
}
