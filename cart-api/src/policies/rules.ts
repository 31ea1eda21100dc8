import type { Caller, Policy } from 'service-kit';

/** The signed-in caller of a role group (a guest, or a token whose role is unknown, is nobody). */
export function member(caller: Caller | null): caller is Caller {
  return caller !== null && caller.roleGroup !== 'guest';
}

/** Compliance may do everything, to any record that exists. */
export function isCompliance(caller: Caller | null): boolean {
  return caller?.roleGroup === 'compliance';
}

/** Finds the record another record is reached through (a receipt's order, a cart item's user). */
export type ParentLookup = (id: string) => Promise<string | undefined>;

/**
 * The policy of a record reached through another: it exists when its parent does, and the caller
 * may do to it what the parent's policy allows them to do to the parent.
 */
export function delegatingPolicy(parentOf: ParentLookup, parent: Policy, notFoundMessage?: string): Policy {
  return {
    exists: async (id) => (await parentOf(id)) !== undefined,
    async allows(caller, action, id) {
      if (!member(caller)) return false;
      const parentId = await parentOf(id);
      return parentId !== undefined && parent.allows(caller, action, parentId);
    },
    ...(notFoundMessage ? { notFoundMessage } : {}),
  };
}
