import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { userPolicy } from '../../../src/policies/user.js';
import { cartItemPolicy } from '../../../src/domain/cart/policy.js';
import { expectDecisions, policyFixture } from '../../helpers/policy-cases.js';

describe('the cart item policy', () => {
  const fixture = policyFixture();

  it('delegates to the user whose cart holds the item', async () => {
    const { accounts: a, records: r } = fixture.parties;
    const policy = cartItemPolicy(fixture.db, userPolicy);
    await expectDecisions(policy, [
      ['brokerA, own', a.brokerA, 'read', r.brokerA.cartItemId, true],
      ['brokerA, brokerB’s', a.brokerA, 'read', r.brokerB.cartItemId, false],
      ['employerA, own', a.employerA, 'read', r.employerA.cartItemId, true],
      ['employerB, employerA’s', a.employerB, 'read', r.employerA.cartItemId, false],
      ['compliance, any', a.compliance, 'delete', r.employerB.cartItemId, true],
      ['guest', undefined, 'read', r.brokerA.cartItemId, false],
      ['compliance, missing', a.compliance, 'read', randomUUID(), false],
    ]);
    expect(await policy.exists!(r.brokerA.cartItemId)).toBe(true);
    expect(await policy.exists!(r.brokerA.userId)).toBe(false);
  });
});
