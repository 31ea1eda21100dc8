import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { addActionItems } from '../../../src/domain/action-items/add.js';
import { documentForm } from '../../helpers/documents.js';
import { seededTestApp } from '../../helpers/parties.js';
import { daysFromToday, documentRow } from '../../helpers/rows.js';

/** The service's clock: three days ago, to the second, so no real instant can pass for it. */
const CLOCK = new Date(Math.floor(Date.now() / 1000) * 1000 - 3 * 24 * 60 * 60_000);

/**
 * Action items close when their purpose is done, at the service's time (`app.now`), on every path
 * (issue 23 review): deactivation, Reactivate and the test taken, as checkout and the settlement do.
 */
describe('action items closed at the service’s time', () => {
  const suite = seededTestApp(undefined, { now: () => CLOCK });
  const db = () => suite.ctx.db;

  /** A Paid document of broker A's client with its renewal and testing reminders open. */
  async function remindedDocument() {
    const { records } = suite.parties;
    const row = documentRow(records.brokerA.userId, records.brokerA.companyId, {
      plan_year_start: daysFromToday(-300),
      plan_year_end: daysFromToday(64),
      json: JSON.stringify(documentForm({ clientCompanyName: 'Clockwork Dental' })),
    });
    await db().insertInto('epop_document').values(row).execute();
    const reminders = { renewal: randomUUID(), ndt: randomUUID() };
    const data = { kind: 'reminder' as const, documentId: row.document_id, planYearEnd: row.plan_year_end };
    await addActionItems(
      db(),
      (['renewal', 'ndt'] as const).map((which) => ({
        actionItemId: reminders[which],
        userId: records.brokerA.userId,
        itemType: which === 'renewal' ? ('pop-document-renewal' as const) : ('pop-document-ndt' as const),
        description: `Reminder: ${which}`,
        data,
        createdBy: 'POP Documents',
        createdAt: CLOCK.toISOString(),
      })),
    );
    return { documentId: row.document_id, reminders };
  }

  /** When each item was completed (null: still open), and when it was made. */
  const itemsAbout = async (documentId: string) =>
    (
      await db()
        .selectFrom('action_item')
        .select(['item_type', 'created_at', 'completed_at'])
        .where('json', 'like', `%${documentId}%`)
        .orderBy('item_type')
        .execute()
    ).map((item) => ({ ...item, item_type: item.item_type as string }));

  it('the test taken closes the testing reminder then', async () => {
    const { documentId } = await remindedDocument();
    const taken = await suite.ctx.send(
      suite.parties.accounts.brokerA,
      'POST',
      `/epop-document/${documentId}/non-discrimination`,
      { ndtAnswer1: true, ndtAnswer2: true, ndtAnswer3: true, ndtAnswer4: true },
    );
    expect(taken.statusCode).toBe(200);
    expect(await itemsAbout(documentId)).toEqual([
      { item_type: 'pop-document-ndt', created_at: CLOCK.toISOString(), completed_at: CLOCK.toISOString() },
      { item_type: 'pop-document-renewal', created_at: CLOCK.toISOString(), completed_at: null },
    ]);
  });

  it('Deactivate closes the reminders then and asks to buy it again from then; Reactivate closes that then', async () => {
    const { documentId } = await remindedDocument();
    const { compliance } = suite.parties.accounts;
    const off = await suite.ctx.send(compliance, 'POST', `/epop-document/${documentId}/deactivate`, {
      reason: 'Card charged back',
      allowRepayment: true,
    });
    expect(off.json()).toMatchObject({ status: 'Unpaid' });
    const at = CLOCK.toISOString();
    expect(await itemsAbout(documentId)).toEqual([
      { item_type: 'pop-document-ndt', created_at: at, completed_at: at },
      { item_type: 'pop-document-renewal', created_at: at, completed_at: at },
      { item_type: 'unpaid-pop-action-item', created_at: at, completed_at: null },
    ]);

    const on = await suite.ctx.send(compliance, 'POST', `/epop-document/${documentId}/reactivate`, {});
    expect(on.json()).toMatchObject({ status: 'Paid' });
    expect(
      (await itemsAbout(documentId)).find((item) => item.item_type === 'unpaid-pop-action-item'),
    ).toEqual({ item_type: 'unpaid-pop-action-item', created_at: at, completed_at: at });
    // The client's change log dates both at the same clock.
    const changes = await db()
      .selectFrom('change_log')
      .select('changed_at')
      .where('document_id', '=', documentId)
      .execute();
    expect(changes.map((change) => change.changed_at)).toEqual([at, at]);
  });
});
