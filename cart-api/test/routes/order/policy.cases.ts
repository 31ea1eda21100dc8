import { describe, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { userPolicy } from '../../../src/policies/user.js';
import { documentPolicy } from '../../../src/domain/documents/policy.js';
import { orderPolicy, receiptPolicy } from '../../../src/domain/orders/policy.js';
import { expectDecisions, policyFixture } from '../../helpers/policy-cases.js';

describe('the order and receipt policies', () => {
  const fixture = policyFixture();

  it('order: through the user who placed it', async () => {
    const { accounts: a, records: r } = fixture.parties;
    await expectDecisions(orderPolicy(fixture.db, userPolicy), [
      ['brokerA, own', a.brokerA, 'read', r.brokerA.orderId, true],
      ['brokerA, brokerB’s', a.brokerA, 'read', r.brokerB.orderId, false],
      ['employerA, own', a.employerA, 'read', r.employerA.orderId, true],
      ['employerA, employerB’s', a.employerA, 'read', r.employerB.orderId, false],
      ['compliance, any', a.compliance, 'review', r.employerB.orderId, true],
      ['guest', undefined, 'read', r.brokerA.orderId, false],
      ['compliance, missing', a.compliance, 'read', randomUUID(), false],
    ]);
  });

  it('receipt: through its order, and only once the order has one', async () => {
    const { accounts: a, records: r } = fixture.parties;
    await fixture.db
      .updateTable('orders')
      .set({ receipt: null })
      .where('order_id', '=', r.employerB.orderId)
      .execute();
    const order = orderPolicy(fixture.db, userPolicy);
    await expectDecisions(receiptPolicy(fixture.db, order, documentPolicy(fixture.db)), [
      ['brokerA, own', a.brokerA, 'read', r.brokerA.orderId, true],
      ['brokerB, brokerA’s', a.brokerB, 'read', r.brokerA.orderId, false],
      ['employerA, own', a.employerA, 'read', r.employerA.orderId, true],
      ['compliance, any', a.compliance, 'read', r.brokerB.orderId, true],
      ['employerB, own order without a receipt', a.employerB, 'read', r.employerB.orderId, false],
      ['compliance, an order without a receipt', a.compliance, 'read', r.employerB.orderId, false],
      ['guest', undefined, 'read', r.brokerA.orderId, false],
      ['compliance, missing', a.compliance, 'read', randomUUID(), false],
    ]);
  });
});
