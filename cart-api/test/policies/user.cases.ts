import { describe, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { userPolicy } from '../../src/policies/user.js';
import { expectDecisions } from '../helpers/policy-cases.js';

describe('the user policy', () => {
  const broker = { userId: randomUUID(), roles: ['broker'] };
  const employer = { userId: randomUUID(), roles: ['employer'] };
  const compliance = { userId: randomUUID(), roles: ['admin'] };
  const visitor = { userId: randomUUID(), roles: ['visitor'] };

  it('lets a caller act for themself, compliance for anyone, a guest for no one', async () => {
    await expectDecisions(userPolicy, [
      ['broker, own', broker, 'read', broker.userId, true],
      ['broker, another user', broker, 'read', employer.userId, false],
      ['employer, own', employer, 'read', employer.userId, true],
      ['employer, another user', employer, 'read', broker.userId, false],
      ['compliance, any user', compliance, 'read', employer.userId, true],
      ['guest', undefined, 'read', broker.userId, false],
      ['signed in without a known role, own id', visitor, 'read', visitor.userId, false],
    ]);
  });
});
