import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { createInvitedAccount } from './invite.js';
import { issueTemporaryUserToken } from './temporary-user-token.js';
import { emailKey, findByVerifiedEmail, UsernameTakenError } from './users.js';

export interface EmployerInvite {
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
}

export interface InviteAnswer {
  userId: string;
  /** False: an account verified that e-mail address (or an invited one awaits its setup): nothing was created. */
  created: boolean;
  /** The first-login link of a created account (the caller e-mails it); null otherwise. */
  setupUrl: string | null;
}

/** How many usernames are tried (the address, then address-2, address-3, …) before giving up. */
const USERNAME_TRIES = 20;

/**
 * The account an invitation to this address goes to without a new one: the account that verified the
 * address; else the oldest account an invitation (or `invite-user`) made with it that never completed
 * its setup (its first-login links only ever went to this address). An account that merely gave the
 * address (registered with it, unverified) is never one: anyone can type anyone's address.
 */
async function accountFor(
  db: Db,
  email: string,
): Promise<{ userId: string; setupPending: boolean } | undefined> {
  const verified = await findByVerifiedEmail(db, email);
  if (verified) return { userId: verified.userId, setupPending: false };
  const pending = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', emailKey(email)))
    .where('email_verified', '=', 0)
    .where((eb) =>
      eb.and([
        eb.exists(
          eb
            .selectFrom('temporary_user_token as t')
            .select('t.user_id')
            .whereRef('t.user_id', '=', 'users.id'),
        ),
        eb.not(
          eb.exists(
            eb
              .selectFrom('temporary_user_token as t')
              .select('t.user_id')
              .whereRef('t.user_id', '=', 'users.id')
              .where('t.consumed_at', 'is not', null),
          ),
        ),
      ]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
  return pending && { userId: pending.id, setupPending: true };
}

/**
 * An invited client (cart-api's invite to purchase): the account that verified the e-mail address (or
 * an invited account still waiting for its setup, which gets a new link), or a new employer account
 * with a first-login link. The username is the e-mail address (README "Invited employers"); the
 * person chooses their own on the welcome page. Two invites of one new address at once: the unique
 * username makes one create it, and the other then finds it. Nothing here gives anyone the invitation:
 * cart-api's link does, to whoever opens it (README "Invitations").
 */
export async function inviteEmployer(
  db: Db,
  config: Pick<Config, 'appUrl' | 'temporaryTokenTtlHours'>,
  invite: EmployerInvite,
): Promise<InviteAnswer> {
  const email = invite.email.trim();
  for (let attempt = 1; attempt <= USERNAME_TRIES; attempt++) {
    const existing = await accountFor(db, email);
    if (existing) {
      // An account invited earlier that never finished its setup (a lost e-mail) gets a new link.
      const setupUrl = existing.setupPending
        ? `${config.appUrl}/first-time-setup/${await issueTemporaryUserToken(db, existing.userId, config.temporaryTokenTtlHours)}`
        : null;
      return { userId: existing.userId, created: false, setupUrl };
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
