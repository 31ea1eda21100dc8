import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Kysely } from 'kysely';
import * as documentReach from '../../src/db/migrations/0028-document-reach.js';
import type { Database } from '../../src/db/schema.js';
import { migratedDatabase } from '../helpers/database.js';
import { companyRow, documentRow } from '../helpers/rows.js';

/**
 * Migration 0028 (issue 23): every document keeps its client's broker (`client_broker_user_id`), the
 * column a broker's part of My POP Documents is read by: filled for the documents there are, and kept
 * by the database on every write that changes it (a document inserted or moved to another client, a
 * client's broker set, changed or removed), whatever path writes it.
 */
describe("migration 0028: a document's client broker", () => {
  let database: Awaited<ReturnType<typeof migratedDatabase>>;
  let db: Kysely<Database>;
  const [brokerA, brokerB] = [randomUUID(), randomUUID()];

  beforeAll(async () => {
    database = await migratedDatabase();
    db = database.db;
  });
  afterAll(async () => {
    await database.close();
  });

  const clientBrokers = async (documentIds: string[]) =>
    (
      await db
        .selectFrom('epop_document')
        .select(['document_id', 'client_broker_user_id'])
        .where('document_id', 'in', documentIds)
        .execute()
    )
      .map((row) => [documentIds.indexOf(row.document_id), row.client_broker_user_id])
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, broker]) => broker);

  const newClient = async (brokerUserId: string | null) => {
    const client = companyRow(`Client ${randomUUID().slice(0, 6)}`, { brokerUserId });
    await db.insertInto('company').values(client).execute();
    return client.company_id;
  };
  const newDocument = async (companyId: string) => {
    const row = documentRow(randomUUID(), companyId);
    await db.insertInto('epop_document').values(row).execute();
    return row.document_id;
  };

  it('fills the documents there were, and goes down and up again', async () => {
    await documentReach.down(db as Kysely<unknown>);
    const [ofA, ofNobody] = [await newClient(brokerA), await newClient(null)];
    const documents = [await newDocument(ofA), await newDocument(ofA), await newDocument(ofNobody)];
    await documentReach.up(db as Kysely<unknown>);
    expect(await clientBrokers(documents)).toEqual([brokerA, brokerA, null]);
  });

  it('keeps it on every write: a new document, a document moved, a broker changed or removed', async () => {
    const [ofA, ofB] = [await newClient(brokerA), await newClient(brokerB)];
    const [first, second] = [await newDocument(ofA), await newDocument(ofB)];
    expect(await clientBrokers([first, second])).toEqual([brokerA, brokerB]);

    await db
      .updateTable('epop_document')
      .set({ client_company_id: ofB })
      .where('document_id', '=', first)
      .execute();
    expect(await clientBrokers([first, second])).toEqual([brokerB, brokerB]);

    await db.updateTable('company').set({ broker_user_id: brokerA }).where('company_id', '=', ofB).execute();
    expect(await clientBrokers([first, second])).toEqual([brokerA, brokerA]);

    await db.updateTable('company').set({ broker_user_id: null }).where('company_id', '=', ofB).execute();
    expect(await clientBrokers([first, second])).toEqual([null, null]);
    // Another change of the company (its name) leaves the documents as they are.
    await db.updateTable('company').set({ name: 'Renamed' }).where('company_id', '=', ofB).execute();
    expect(await clientBrokers([first, second])).toEqual([null, null]);
  });
});
