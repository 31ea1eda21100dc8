import { randomUUID } from 'node:crypto';
import type {
  IdentityDirectory,
  IdentityUser,
  InviteInput,
  InviteResult,
} from '../../src/plugins/app/identity.js';

/**
 * identity-api's users for cart-api's route tests, in memory (test/plugins/identity.test.ts proves the
 * real link against identity-api). `add` a user to make them known; `invited` records the invitations.
 */
export class FakeIdentity implements IdentityDirectory {
  readonly users = new Map<string, IdentityUser>();
  readonly invited: InviteInput[] = [];

  /** Makes a user known; names default from the id. */
  add(user: Partial<IdentityUser> & { userId: string }): IdentityUser {
    const known: IdentityUser = {
      userName: `user.${user.userId.slice(0, 8)}`,
      firstName: 'Test',
      lastName: `User ${user.userId.slice(0, 4)}`,
      email: `${user.userId.slice(0, 8)}@example.test`,
      role: 'employer',
      ...user,
    };
    this.users.set(known.userId, known);
    return known;
  }

  async lookupUsers(userIds: readonly string[]): Promise<IdentityUser[]> {
    return [...new Set(userIds)].flatMap((id) => {
      const user = this.users.get(id);
      return user ? [user] : [];
    });
  }

  async inviteUser(input: InviteInput): Promise<InviteResult> {
    this.invited.push(input);
    const existing = [...this.users.values()].find(
      (user) => user.email.toLowerCase() === input.email.trim().toLowerCase(),
    );
    if (existing) return { userId: existing.userId, created: false, setupUrl: null };
    const user = this.add({
      userId: randomUUID(),
      userName: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
    });
    return {
      userId: user.userId,
      created: true,
      setupUrl: `http://localhost:3000/first-time-setup/fake-${this.invited.length}`,
    };
  }
}
