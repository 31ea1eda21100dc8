import { describe, expect, it } from '@jest/globals';
import type { Caller, Policy } from 'service-kit';
import type { LinkedUser } from '../../src/plugins/app/identity.js';
import { cachedLinks, followingLinks } from '../../src/policies/linked-users.js';

const caller = (userId: string, roleGroup: Caller['roleGroup'] = 'broker'): Caller => ({
  userId,
  username: userId,
  roles: [roleGroup === 'epop' ? 'employer' : roleGroup],
  role: roleGroup === 'epop' ? 'employer' : roleGroup,
  roleGroup,
});

describe('user links in the ownership rules', () => {
  /** Each user owns the record named after them. */
  const owned: Policy = { allows: async (who, _action, id) => who?.userId === id };

  it('lets a user see what a broker or employer linked to them may see, never what compliance may', async () => {
    const links: Record<string, LinkedUser[]> = {
      bea: [
        { userId: 'ann', role: 'broker' },
        { userId: 'cy', role: 'compliance' },
      ],
    };
    const policy = followingLinks(owned, async (userId) => links[userId] ?? []);
    expect(await policy.allows(caller('bea'), 'read', 'bea')).toBe(true);
    expect(await policy.allows(caller('bea'), 'read', 'ann')).toBe(true);
    expect(await policy.allows(caller('bea'), 'read', 'cy')).toBe(false);
    expect(await policy.allows(caller('bea'), 'read', 'dan')).toBe(false);
    expect(await policy.allows(caller('dan'), 'read', 'ann')).toBe(false);
    expect(await policy.allows(null, 'read', 'ann')).toBe(false);
  });

  it("passes on seeing only: a change, or managing a company's users, needs the right itself", async () => {
    const policy = followingLinks(owned, async (userId) =>
      userId === 'eve' ? [{ userId: 'ann', role: 'broker' }] : [],
    );
    expect(await policy.allows(caller('eve', 'epop'), 'read', 'ann')).toBe(true);
    expect(await policy.allows(caller('eve', 'epop'), 'read-users', 'ann')).toBe(true);
    for (const action of ['write', 'manage-users', 'deactivate', 'send', 'renew', 'note']) {
      expect([action, await policy.allows(caller('eve', 'epop'), action, 'ann')]).toEqual([action, false]);
    }
  });

  it('asks only when the own right is not enough', async () => {
    let asked = 0;
    const policy = followingLinks(owned, async () => {
      asked += 1;
      return [];
    });
    await policy.allows(caller('bea'), 'read', 'bea');
    expect(asked).toBe(0);
    await policy.allows(caller('bea'), 'read', 'ann');
    expect(asked).toBe(1);
  });

  it('keeps an answer for the TTL, shares one question, and forgets failures', async () => {
    let clock = 0;
    let asked = 0;
    let fail = false;
    const links = cachedLinks(
      async (userId) => {
        asked += 1;
        if (fail) throw new Error('identity-api is down');
        return [{ userId: `${userId}-linked`, role: 'broker' }];
      },
      { ttlMs: 10_000, maxSize: 2, now: () => clock },
    );
    await Promise.all([links('bea'), links('bea')]);
    expect(asked).toBe(1);
    clock = 9_999;
    await links('bea');
    expect(asked).toBe(1);
    clock = 10_000;
    expect(await links('bea')).toEqual([{ userId: 'bea-linked', role: 'broker' }]);
    expect(asked).toBe(2);

    fail = true;
    await expect(links('ann')).rejects.toThrow('identity-api is down');
    fail = false;
    await links('ann');
    expect(asked).toBe(4);

    // At most maxSize users are kept: the oldest answer goes first.
    await links('cal');
    await links('bea');
    expect(asked).toBe(6);
  });
});
