import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Policy } from 'service-kit';
import { documentPolicy, documentRecordPolicy } from '../../../src/domain/documents/policy.js';
import { migratedDatabase } from '../../helpers/database.js';
import { seedParties, type Parties } from '../../helpers/parties.js';
import { expectDecisions } from '../../helpers/policy-cases.js';
import { documentRow } from '../../helpers/rows.js';

describe('the document policies', () => {
  let database: Awaited<ReturnType<typeof migratedDatabase>>;
  let parties: Parties;
  let policy: Policy;

  beforeAll(async () => {
    database = await migratedDatabase();
    parties = await seedParties(database.db);
    policy = documentPolicy(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  it('document: its broker (owner or broker of its client), its company’s employers, compliance', async () => {
    const { accounts: a, records: r } = parties;
    const missing = randomUUID();
    await expectDecisions(policy, [
      ['brokerA, own document', a.brokerA, 'read', r.brokerA.documentId, true],
      [
        'brokerA, a document of their client ordered by someone else',
        a.brokerA,
        'read',
        parties.clientDocumentOfBrokerA,
        true,
      ],
      ['brokerB, that same document', a.brokerB, 'read', parties.clientDocumentOfBrokerA, false],
      ['brokerA, brokerB’s document', a.brokerA, 'read', r.brokerB.documentId, false],
      ['brokerA, an employer’s document', a.brokerA, 'read', r.employerA.documentId, false],
      ['employerA, their company’s document', a.employerA, 'read', r.employerA.documentId, true],
      ['employerA, employerB’s document', a.employerA, 'read', r.employerB.documentId, false],
      ['employerA, a broker’s document', a.employerA, 'read', r.brokerA.documentId, false],
      ['compliance, any document', a.compliance, 'update', r.employerB.documentId, true],
      ['guest', undefined, 'read', r.brokerA.documentId, false],
      ['brokerA, missing', a.brokerA, 'read', missing, false],
      ['compliance, missing', a.compliance, 'read', missing, false],
    ]);
    expect(await policy.exists!(r.brokerA.documentId)).toBe(true);
    expect(await policy.exists!(missing)).toBe(false);
  });

  // reach.ts: an employer's own document (compliance's invitation they accepted) is theirs before they
  // are linked to its company; its company's other documents are not.
  it("document: an employer's own document of a company not linked to them, and nothing else of it", async () => {
    const { accounts: a, records: r } = parties;
    const owned = documentRow(a.employerA.userId, r.brokerB.companyId);
    await database.db.insertInto('epop_document').values(owned).execute();
    await expectDecisions(policy, [
      ['employerA, owner but not linked', a.employerA, 'read', owned.document_id, true],
      ['employerA, another document of that company', a.employerA, 'read', r.brokerB.documentId, false],
      ['employerB, neither owner nor linked', a.employerB, 'read', owned.document_id, false],
      ['brokerB, broker of its client', a.brokerB, 'read', owned.document_id, true],
    ]);
  });

  it('NDT results and archive items: whoever may act on their document', async () => {
    const { accounts: a, records: r } = parties;
    const own = randomUUID();
    const foreign = randomUUID();
    const documents = new Map<string, string>([
      [own, r.brokerA.documentId],
      [foreign, r.brokerB.documentId],
    ]);
    const records = documentRecordPolicy(async (id) => documents.get(id), policy);
    await expectDecisions(records, [
      ['brokerA, own', a.brokerA, 'read', own, true],
      ['brokerA, foreign', a.brokerA, 'read', foreign, false],
      ['employerA, a broker’s', a.employerA, 'read', own, false],
      ['compliance, any', a.compliance, 'read', foreign, true],
      ['guest', undefined, 'read', own, false],
      ['compliance, missing', a.compliance, 'read', randomUUID(), false],
    ]);
  });
});
