import { describe, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { companyPolicy, MANAGE_USERS, userLinkPolicy } from '../../../src/domain/companies/policy.js';
import { expectDecisions, policyFixture } from '../../helpers/policy-cases.js';

describe('the company and user link policies', () => {
  const fixture = policyFixture();

  it('company: its broker, its linked employers, compliance (a strategic partner: compliance only)', async () => {
    const { accounts: a, records: r } = fixture.parties;
    await expectDecisions(companyPolicy(fixture.db), [
      ['brokerA, own client', a.brokerA, 'read', r.brokerA.companyId, true],
      ['brokerB, brokerA’s client', a.brokerB, 'read', r.brokerA.companyId, false],
      ['employerB, own company', a.employerB, 'read', r.employerB.companyId, true],
      ['employerB, employerA’s company', a.employerB, 'read', r.employerA.companyId, false],
      ['brokerA, a strategic partner', a.brokerA, 'read', fixture.parties.partnerId, false],
      ['compliance, a strategic partner', a.compliance, 'update', fixture.parties.partnerId, true],
      ['guest', undefined, 'read', r.employerA.companyId, false],
      ['compliance, missing', a.compliance, 'read', randomUUID(), false],
    ]);
  });

  it('user link: who sees the company lists its users; its broker and compliance add or remove them', async () => {
    const { accounts: a, records: r } = fixture.parties;
    await expectDecisions(userLinkPolicy(fixture.db), [
      ['employerA, own company’s users', a.employerA, 'read', r.employerA.companyId, true],
      ['employerA, add a user to own company', a.employerA, MANAGE_USERS, r.employerA.companyId, false],
      ['employerA, employerB’s company users', a.employerA, 'read', r.employerB.companyId, false],
      ['brokerA, add a user to own client', a.brokerA, MANAGE_USERS, r.brokerA.companyId, true],
      ['brokerA, add a user to brokerB’s client', a.brokerA, MANAGE_USERS, r.brokerB.companyId, false],
      ['compliance, any company', a.compliance, MANAGE_USERS, r.employerB.companyId, true],
      ['guest', undefined, 'read', r.employerA.companyId, false],
      ['compliance, missing', a.compliance, MANAGE_USERS, randomUUID(), false],
    ]);
  });
});
