import { describe, expect, it } from '@jest/globals';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';
import { deactivateDocument, reactivateDocument } from '../../src/domain/documents/lifecycle.js';
import { documentForm } from '../helpers/documents.js';
import { callerOf, seededTestApp } from '../helpers/parties.js';
import { documentRow } from '../helpers/rows.js';

/**
 * The database as two requests at once see it: each reads the document (its checks pass for both),
 * and neither opens its transaction before the other has read. Deterministic on both engines: the
 * second transaction runs once the first has committed (SQLite's one writer) or waits for its row
 * lock (PostgreSQL), exactly the interleaving in which a check made before the transaction is stale.
 */
function bothReadFirst(db: Kysely<Database>, requests: number): Kysely<Database> {
  let arrived = 0;
  let release!: () => void;
  const allRead = new Promise<void>((resolve) => {
    release = resolve;
  });
  return new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') {
        return () => {
          const transaction = target.transaction();
          return {
            execute: async <T>(work: (trx: Kysely<Database>) => Promise<T>) => {
              if (++arrived === requests) release();
              await allRead;
              return transaction.execute(work);
            },
          };
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Which of the settled answers were refused, and with what message. */
const outcomes = (settled: PromiseSettledResult<{ status: string }>[]) =>
  settled
    .map((result) =>
      result.status === 'fulfilled'
        ? `done: ${result.value.status}`
        : `refused: ${(result.reason as { statusCode: number }).statusCode} ${(result.reason as Error).message}`,
    )
    .sort();

/**
 * Two Deactivates (or Reactivates) of one document at once (issue 23 review): the checks run before
 * the transaction, so the change itself is conditional on the state checked; the second is refused
 * like a document that is no longer Paid, and the client gets one "buy it again" item and one e-mail.
 */
describe('deactivate and reactivate, twice at once', () => {
  const suite = seededTestApp();
  const now = () => new Date();

  async function paidDocument() {
    const { records } = suite.parties;
    const row = documentRow(records.brokerA.userId, records.brokerA.companyId, {
      json: JSON.stringify(documentForm({ clientCompanyName: 'Twice Co', primaryEmail: 'owner@twice.test' })),
    });
    await suite.ctx.db.insertInto('epop_document').values(row).execute();
    return row.document_id;
  }

  const changeLogOf = async (documentId: string) =>
    (
      await suite.ctx.db
        .selectFrom('change_log')
        .select('description')
        .where('document_id', '=', documentId)
        .execute()
    ).map((row) => row.description.replace(/^Document .*?\) /, ''));

  it('deactivates once: one repayment item, one e-mail, one change; the second answers the refusal', async () => {
    const documentId = await paidDocument();
    const compliance = callerOf(suite.parties.accounts.compliance)!;
    const db = bothReadFirst(suite.ctx.db, 2);
    const request = { reason: 'Card charged back', allowRepayment: true };
    const settled = await Promise.allSettled([
      deactivateDocument({ db, appUrl: 'http://localhost:3000', now }, compliance, documentId, request),
      deactivateDocument({ db, appUrl: 'http://localhost:3000', now }, compliance, documentId, request),
    ]);
    expect(outcomes(settled)).toEqual([
      'done: Unpaid',
      'refused: 400 Only a paid document can be deactivated',
    ]);

    const items = await suite.ctx.db
      .selectFrom('action_item')
      .select(['user_id', 'item_type'])
      .where('json', 'like', `%${documentId}%`)
      .where('completed', '=', 0)
      .execute();
    expect(items).toEqual([
      { user_id: suite.parties.records.brokerA.userId, item_type: 'unpaid-pop-action-item' },
    ]);
    const mails = await suite.ctx.db
      .selectFrom('job')
      .select('job_id')
      .where('kind', '=', 'send-email')
      .where('payload', 'like', '%owner@twice.test%')
      .execute();
    expect(mails).toHaveLength(1);
    expect(await changeLogOf(documentId)).toEqual(['deactivated, repayment allowed: Card charged back']);
    // Reactivate still gives back the status it had before the one deactivation: Paid.
    const document = await suite.ctx.db
      .selectFrom('epop_document')
      .select(['status', 'active', 'status_before_inactive'])
      .where('document_id', '=', documentId)
      .executeTakeFirstOrThrow();
    expect({ ...document, active: Number(document.active) }).toEqual({
      status: 'Unpaid',
      active: 0,
      status_before_inactive: 'Paid',
    });
  });

  it('reactivates once; the second answers that the document has not been deactivated', async () => {
    const documentId = await paidDocument();
    const compliance = callerOf(suite.parties.accounts.compliance)!;
    await deactivateDocument(
      { db: suite.ctx.db, appUrl: 'http://localhost:3000', now },
      compliance,
      documentId,
      { reason: 'A mistake' },
    );
    const db = bothReadFirst(suite.ctx.db, 2);
    const settled = await Promise.allSettled([
      reactivateDocument({ db, now }, compliance, documentId),
      reactivateDocument({ db, now }, compliance, documentId),
    ]);
    expect(outcomes(settled)).toEqual(['done: Paid', 'refused: 400 This document has not been deactivated']);
    expect((await changeLogOf(documentId)).sort()).toEqual(['deactivated: A mistake', 'reactivated (Paid)']);
  });
});
