import { randomUUID } from 'node:crypto';
import type {
  IdentityDirectory,
  IdentityUser,
  InviteInput,
  InviteResult,
  LinkedUser,
} from '../../src/plugins/app/identity.js';

/**
 * identity-api's users for cart-api's route tests, in memory (test/plugins/identity.cases.ts proves the
 * real link against identity-api). `add` a user to make them known; `invited` records the invitations.
 */
export class FakeIdentity implements IdentityDirectory {
  readonly users = new Map<string, IdentityUser>();
  readonly invited: InviteInput[] = [];
  /** User links, both directions (`link` writes both, as identity-api does). */
  readonly links = new Map<string, Set<string>>();
  /** How many times cart-api asked for someone's links. */
  linkQuestions = 0;
  /** The referral ids each user brought (registration and sign-ins), as identity-api records them. */
  readonly referrals = new Map<string, Set<string>>();
  /** Whom each broker found by an exact search (identity-api's user_find). */
  readonly finds = new Map<string, Set<string>>();

  /** The user registered or signed in through a partner's referral link. */
  refer(userId: string, referralId: string): void {
    this.referrals.set(userId, new Set([...(this.referrals.get(userId) ?? []), referralId]));
  }

  async referralIds(userId: string): Promise<string[]> {
    return [...(this.referrals.get(userId) ?? [])].sort();
  }

  /** The broker found the user by their exact username or e-mail address. */
  find(searcherId: string, userId: string): void {
    this.finds.set(searcherId, new Set([...(this.finds.get(searcherId) ?? []), userId]));
  }

  async foundBy(searcherId: string, userIds: readonly string[]): Promise<string[]> {
    const found = this.finds.get(searcherId) ?? new Set<string>();
    return [...new Set(userIds)].filter((id) => found.has(id));
  }

  link(userId: string, otherUserId: string): void {
    for (const [from, to] of [
      [userId, otherUserId],
      [otherUserId, userId],
    ] as const) {
      this.links.set(from, new Set([...(this.links.get(from) ?? []), to]));
    }
  }

  unlink(userId: string, otherUserId: string): void {
    this.links.get(userId)?.delete(otherUserId);
    this.links.get(otherUserId)?.delete(userId);
  }

  async linkedUsers(userId: string): Promise<LinkedUser[]> {
    this.linkQuestions += 1;
    return [...(this.links.get(userId) ?? [])].map((id) => ({
      userId: id,
      role: this.users.get(id)?.role ?? '',
    }));
  }

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
