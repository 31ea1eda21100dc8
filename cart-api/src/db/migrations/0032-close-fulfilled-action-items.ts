import { sql, type Kysely } from 'kysely';

/**
 * Action items close with their purpose (issue 23 item 8; README "Action items close with their
 * purpose"): before it, some paths left items open whose purpose was done (a Paid document still
 * "waiting for payment"; a renewal or testing reminder of a deactivated document). This closes, as
 * cart-api's closure rule (src/domain/action-items/closure.ts, `itemsPastTheirPurpose`) reads them
 * when this was written, each open item about a document that
 * - is Paid or Processing and active, for an item that asks for its purchase (invite, unpaid,
 *   Colonial cancellation; such an item of a deactivated document stays: buying it again is its way back);
 * - is renewed (an active document names it as its original), for a renewal reminder;
 * - was tested for its current plan year (an `ndt_result` of its plan year end), for a testing reminder;
 * - is deactivated (not active, or Inactive), for a renewal or testing reminder.
 * `completed_at` is the migration's time. Items naming no document, or one that does not exist, stay.
 *
 * `down` does nothing: an item closed here is told apart from one closed by its purpose by nothing,
 * and reopening them would ask again for what is done.
 */

// The slice of the schema this migration reads and writes, as it was when it was written.
interface Tables {
  action_item: {
    action_item_id: string;
    item_type: string;
    json: string;
    completed: number;
    completed_at: string | null;
  };
  epop_document: {
    document_id: string;
    status: string;
    active: number;
    plan_year_end: string;
    original_document_id: string | null;
  };
  ndt_result: { ndt_result_id: string; document_id: string; plan_year_end: string };
}

// A copy of closure.ts's PAYMENT_ITEMS, on purpose: a migration is a snapshot of its day and imports no
// live domain code, which may change after it.
const PAYMENT_ITEMS = ['pop-document-invite', 'unpaid-pop-action-item', 'colonial-cancellation-purchase'];
const PAGE = 500;

/** The document an item's `json` names (`DocumentId`), or null. */
function documentOf(json: string): string | null {
  try {
    const data: unknown = JSON.parse(json);
    const id = data && typeof data === 'object' ? (data as Record<string, unknown>).DocumentId : null;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as Kysely<Tables>;
  const now = new Date().toISOString();
  let after = '';
  for (;;) {
    const items = await db
      .selectFrom('action_item')
      .select(['action_item_id', 'item_type', 'json'])
      .where('completed', '=', 0)
      .where('action_item_id', '>', after)
      .orderBy('action_item_id')
      .limit(PAGE)
      .execute();
    const about = new Map(items.map((item) => [item.action_item_id, documentOf(item.json)]));
    const ids = [...new Set([...about.values()].filter((id): id is string => id !== null))];
    const documents =
      ids.length === 0
        ? []
        : await db
            .selectFrom('epop_document as d')
            .select((eb) => [
              'd.document_id',
              'd.status',
              'd.active',
              eb
                .exists(
                  eb
                    .selectFrom('epop_document as r')
                    .select(sql<number>`1`.as('one'))
                    .whereRef('r.original_document_id', '=', 'd.document_id')
                    .where('r.active', '=', 1),
                )
                .as('renewed'),
              eb
                .exists(
                  eb
                    .selectFrom('ndt_result as n')
                    .select(sql<number>`1`.as('one'))
                    .whereRef('n.document_id', '=', 'd.document_id')
                    .whereRef('n.plan_year_end', '=', 'd.plan_year_end'),
                )
                .as('tested'),
            ])
            .where('d.document_id', 'in', ids)
            .execute();
    const byId = new Map(documents.map((document) => [document.document_id, document]));
    const done = items.flatMap((item) => {
      const document = byId.get(about.get(item.action_item_id) ?? '');
      if (!document) return [];
      // SQLite answers 0/1, PostgreSQL true/false.
      const active = Number(document.active) === 1 && document.status !== 'Inactive';
      const fulfilled = PAYMENT_ITEMS.includes(item.item_type)
        ? active && (document.status === 'Paid' || document.status === 'Processing')
        : item.item_type === 'pop-document-renewal'
          ? !active || Boolean(Number(document.renewed))
          : item.item_type === 'pop-document-ndt'
            ? !active || Boolean(Number(document.tested))
            : false;
      return fulfilled ? [item.action_item_id] : [];
    });
    if (done.length > 0) {
      await db
        .updateTable('action_item')
        .set({ completed: 1, completed_at: now })
        .where('action_item_id', 'in', done)
        .where('completed', '=', 0)
        .execute();
    }
    if (items.length < PAGE) return;
    after = items[items.length - 1]!.action_item_id;
  }
}

export async function down(): Promise<void> {
  // Nothing: see above.
}
