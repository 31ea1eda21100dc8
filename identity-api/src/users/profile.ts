import type { ProfileUser } from 'shared-domain';
import type { Db } from '../db/index.js';
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

/**
 * Saves the profile form. A new username must be free (case-insensitively); a new password replaces
 * the old one and ends an expiry. Undefined when the user no longer exists.
 */
export async function updateProfile(
  db: Db,
  userId: string,
  changes: ProfileChanges,
  now = new Date(),
): Promise<ProfileUser | undefined> {
  const user = await findById(db, userId);
  if (!user) return undefined;
  const owner = await findByUsername(db, changes.userName);
  if (owner && owner.userId !== userId) throw new UsernameTakenError(changes.userName);

  const passwordHash = changes.password === undefined ? undefined : await hashPassword(changes.password);
  await withUniqueUsername(changes.userName, () =>
    db
      .updateTable('users')
      .set({
        username: changes.userName,
        username_key: usernameKey(changes.userName),
        first_name: changes.firstName,
        last_name: changes.lastName,
        email: changes.email,
        ...(passwordHash && { password_hash: passwordHash, password_expires_at: null }),
        updated_at: now.toISOString(),
      })
      .where('id', '=', userId)
      .execute(),
  );
  const updated = await findById(db, userId);
  return updated && toProfileUser(updated);
}
