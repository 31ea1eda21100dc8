import type { Caller, Policy } from 'service-kit';
import { roleInfo } from 'shared-domain';
import type { LinkedUser } from '../plugins/app/identity.js';
import { isCompliance, member } from './rules.js';

/** How long cart-api trusts what identity-api said about a user's links (README "User links"). */
export const LINKS_TTL_MS = 10_000;
/** The most users whose links are kept at once; the oldest answers go first. */
export const LINKS_CACHE_SIZE = 10_000;

/** The users linked to a user, as the ownership rules need them. */
export type LinkedUsersOf = (userId: string) => Promise<LinkedUser[]>;

/**
 * identity-api's answers, kept LINKS_TTL_MS: one question per user at a time (callers arriving while
 * it is asked share the answer); a failed question is not kept, so the next request asks again. A
 * link or an unlink therefore reaches cart-api's rules within LINKS_TTL_MS.
 */
export function cachedLinks(
  ask: LinkedUsersOf,
  { ttlMs = LINKS_TTL_MS, maxSize = LINKS_CACHE_SIZE, now = Date.now } = {},
): LinkedUsersOf {
  const answers = new Map<string, { at: number; users: Promise<LinkedUser[]> }>();
  return (userId) => {
    const kept = answers.get(userId);
    if (kept && now() - kept.at < ttlMs) return kept.users;
    answers.delete(userId);
    const users = ask(userId);
    answers.set(userId, { at: now(), users });
    users.catch(() => {
      if (answers.get(userId)?.users === users) answers.delete(userId);
    });
    // Map keeps insertion order: the first key is the oldest answer.
    while (answers.size > maxSize) answers.delete(answers.keys().next().value!);
    return users;
  };
}

/**
 * What a link passes on: seeing (README "User links"). Changing a record (saving, deactivating,
 * sending, managing its users…) stays with those who have the right themselves, so a link can never be
 * used to grant anyone else a right that outlives it.
 */
export const LINKED_ACTIONS: ReadonlySet<string> = new Set(['read', 'read-users']);

/**
 * A policy that user links widen (README "User links"): a broker or an employer may see a record a
 * user linked to them may see, as that user (with that user's role group). Links never pass on
 * compliance's reach: a linked compliance user counts for nothing. The links are asked only when the
 * caller's own right is not enough.
 */
export function followingLinks(policy: Policy, linkedUsersOf: LinkedUsersOf): Policy {
  return {
    ...policy,
    async allows(caller, action, id) {
      if (await policy.allows(caller, action, id)) return true;
      if (!LINKED_ACTIONS.has(action) || !member(caller) || isCompliance(caller)) return false;
      for (const linked of await linkedUsersOf(caller.userId)) {
        const { role, roleGroup } = roleInfo(linked.role ? [linked.role] : []);
        if (roleGroup !== 'broker' && roleGroup !== 'epop') continue;
        const asLinked: Caller = {
          ...caller,
          userId: linked.userId,
          roles: role ? [role] : [],
          role,
          roleGroup,
        };
        if (await policy.allows(asLinked, action, id)) return true;
      }
      return false;
    },
  };
}
