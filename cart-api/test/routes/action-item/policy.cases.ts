import { describe, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { userPolicy } from '../../../src/policies/user.js';
import { actionItemPolicy } from '../../../src/domain/action-items/policy.js';
import { expectDecisions, policyFixture } from '../../helpers/policy-cases.js';

describe('the action item policy', () => {
  const fixture = policyFixture();

  it('delegates to the user the item is for', async () => {
    const { accounts: a, records: r } = fixture.parties;
    await expectDecisions(actionItemPolicy(fixture.db, userPolicy), [
      ['brokerA, own', a.brokerA, 'read', r.brokerA.actionItemId, true],
      ['brokerA, brokerB’s', a.brokerA, 'read', r.brokerB.actionItemId, false],
      ['employerA, own', a.employerA, 'read', r.employerA.actionItemId, true],
      ['employerA, brokerA’s', a.employerA, 'read', r.brokerA.actionItemId, false],
      ['compliance, any', a.compliance, 'complete', r.employerB.actionItemId, true],
      ['guest', undefined, 'read', r.brokerA.actionItemId, false],
      ['compliance, missing', a.compliance, 'read', randomUUID(), false],
    ]);
  });
});
