import { describe, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { clientPolicy } from '../../../src/domain/clients/policy.js';
import { expectDecisions, policyFixture } from '../../helpers/policy-cases.js';

describe('the client policy', () => {
  const fixture = policyFixture();

  it('a broker their clients, an employer their own company, compliance every client', async () => {
    const { accounts: a, records: r } = fixture.parties;
    await expectDecisions(clientPolicy(fixture.db), [
      ['brokerA, own client', a.brokerA, 'read', r.brokerA.companyId, true],
      ['brokerA, brokerB’s client', a.brokerA, 'read', r.brokerB.companyId, false],
      ['brokerA, an employer’s company', a.brokerA, 'read', r.employerA.companyId, false],
      ['employerA, own company', a.employerA, 'read', r.employerA.companyId, true],
      ['employerA, employerB’s company', a.employerA, 'read', r.employerB.companyId, false],
      ['employerA, a broker’s client', a.employerA, 'read', r.brokerA.companyId, false],
      ['compliance, any client', a.compliance, 'update', r.employerB.companyId, true],
      [
        'compliance, a strategic partner is no client',
        a.compliance,
        'read',
        fixture.parties.partnerId,
        false,
      ],
      ['guest', undefined, 'read', r.brokerA.companyId, false],
      ['compliance, missing', a.compliance, 'read', randomUUID(), false],
    ]);
  });
});
