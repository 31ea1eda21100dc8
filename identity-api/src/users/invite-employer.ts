import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { createInvitedAccount } from './invite.js';
import { issueTemporaryUserToken } from './temporary-user-token.js';
import { UsernameTakenError } from './users.js';

export interface EmployerInvite {
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
}

export interface InviteAnswer {
  userId: string;
  /** False: an account with that e-mail address existed, and nothing was created. */
  created: boolean;
  /** The first-login link of a created account (the caller e-mails it); null otherwise. */
  setupUrl: string | null;
}

/** How many usernames are tried (the address, then address-2, address-3, …) before giving up. */
const USERNAME_TRIES = 20;

/** The oldest account with this e-mail address, any case (the `users_email_lower` index). */
async function accountWithEmail(db: Db, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
  return row?.id;
}

/** Whether an account was made with a first-login link and none of its links was ever used. */
async function setupPending(db: Db, userId: string): Promise<boolean> {
  const tokens = await db
    .selectFrom('temporary_user_token')
    .select('consumed_at')
    .where('user_id', '=', userId)
    .execute();
  return tokens.length > 0 && tokens.every((token) => token.consumed_at === null);
}

/**
 * An invited client (cart-api's invite to purchase): the account that already has the e-mail
 * address, or a new employer account with a first-login link. The username is the e-mail address
 * (README "Invited employers"); the person chooses their own on the welcome page. Two invites of one
 * new address at once: the unique username makes one create it, and the other then finds it.
 */
export async function inviteEmployer(
  db: Db,
  config: Pick<Config, 'appUrl' | 'temporaryTokenTtlHours'>,
  invite: EmployerInvite,
): Promise<InviteAnswer> {
  const email = invite.email.trim();
  for (let attempt = 1; attempt <= USERNAME_TRIES; attempt++) {
    const existing = await accountWithEmail(db, email);
    if (existing) {
      // An account invited earlier that never finished its setup (a lost e-mail) gets a new link.
      const setupUrl = (await setupPending(db, existing))
        ? `${config.appUrl}/first-time-setup/${await issueTemporaryUserToken(db, existing, config.temporaryTokenTtlHours)}`
        : null;
      return { userId: existing, created: false, setupUrl };
    }
    try {
      const { userId, url } = await createInvitedAccount(db, config, {
        // Another account may use this address as its username while having another address.
        username: attempt === 1 ? email : `${email}-${attempt}`,
        email,
        firstName: invite.firstName.trim(),
        lastName: invite.lastName.trim(),
        companyName: invite.companyName.trim(),
        role: 'employer',
      });
      return { userId, created: true, setupUrl: url };
    } catch (error) {
      if (!(error instanceof UsernameTakenError)) throw error;
    }
  }
  throw new Error(`no free username for the invited address after ${USERNAME_TRIES} tries`);
}
