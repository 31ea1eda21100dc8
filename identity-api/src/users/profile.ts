import type { ProfileUser } from 'shared-domain';
import type { Db } from '../db/index.js';
import { addressChange } from './email-verification.js';
import { hashPassword } from './password.js';
import {
  findById,
  findByUsername,
  usernameKey,
  UsernameTakenError,
  withUniqueUsername,
  type User,
} from './users.js';

export function toProfileUser(user: User): ProfileUser {
  return {
    userId: user.userId,
    userName: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
  };
}

export interface ProfileChanges {
  userName: string;
  firstName: string;
  lastName: string;
  email: string;
  /** Set only when the person asked to change the password (already checked against the policy). */
  password?: string | undefined;
}

/** The saved profile, and the address that now waits for a verification link (null when none). */
export interface SavedProfile {
  profile: ProfileUser;
  verify: string | null;
}

/**
 * Saves the profile form. A new username must be free (case-insensitively); a new password replaces
 * the old one and ends an expiry. A new e-mail address waits for its link (addressChange: a verified
 * address stays in force until then). Undefined when the user no longer exists.
 */
export async function updateProfile(
  db: Db,
  userId: string,
  changes: ProfileChanges,
  now = new Date(),
): Promise<SavedProfile | undefined> {
  const user = await findById(db, userId);
  if (!user) return undefined;
  const owner = await findByUsername(db, changes.userName);
  if (owner && owner.userId !== userId) throw new UsernameTakenError(changes.userName);
  const address = addressChange(user, changes.email);

  const passwordHash = changes.password === undefined ? undefined : await hashPassword(changes.password);
  await withUniqueUsername(changes.userName, () =>
    db
      .updateTable('users')
      .set({
        username: changes.userName,
        username_key: usernameKey(changes.userName),
        first_name: changes.firstName,
        last_name: changes.lastName,
        ...address.set,
        ...(passwordHash && { password_hash: passwordHash, password_expires_at: null }),
        updated_at: now.toISOString(),
      })
      .where('id', '=', userId)
      .execute(),
  );
  const updated = await findById(db, userId);
  return updated && { profile: toProfileUser(updated), verify: address.verify };
}
