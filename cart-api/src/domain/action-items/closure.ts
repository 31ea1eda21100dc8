import { sql, type Kysely } from 'kysely';
import type { ActionItemType } from 'shared-domain';
import type { Database } from '../../db/schema.js';
import { actionItemData } from './data.js';
import { completeActionItems } from './queries.js';

/**
 * What happened to a document that fulfils the purpose of some of its action items (README "Action
 * items close with their purpose"):
 * - `paid`: it was bought (the order placed, by card, free or by a bank debit still settling; the
 *   settlement also), or Reactivate gave a deactivated one back;
 * - `renewed`: a renewal of it exists (bought, invited, saved free or by Admin Renewal, auto-renewed);
 * - `tested`: its non-discrimination test was taken for its plan year;
 * - `deactivated`: compliance deactivated it, or a Colonial no-pay reason retired it.
 */
export type DocumentEvent = 'paid' | 'renewed' | 'tested' | 'deactivated';

/** The items that ask for a purchase of their document (the cart pays it). */
export const PAYMENT_ITEMS = [
  'pop-document-invite',
  'unpaid-pop-action-item',
  'colonial-cancellation-purchase',
] as const satisfies readonly ActionItemType[];

/**
 * Which items each event closes: the one rule of every path. A deactivation closes the reminders (a
 * document off the dashboards is neither renewed nor tested) and never a purchase item: buying it
 * again is how a deactivated document comes back (the "buy it again" items of a deactivation or a
 * no-pay reason are made after it).
 */
export const CLOSED_BY: Record<DocumentEvent, readonly ActionItemType[]> = {
  paid: PAYMENT_ITEMS,
  renewed: ['pop-document-renewal'],
  tested: ['pop-document-ndt'],
  deactivated: ['pop-document-renewal', 'pop-document-ndt'],
};

/**
 * Closes (completes) the open action items about `documentId` whose purpose `event` fulfils, whoever's
 * list they are in, inside the caller's transaction. Every path that pays, renews, tests or
 * deactivates a document calls this, with the event it is.
 */
export async function closeActionItemsFor(
  trx: Kysely<Database>,
  documentId: string,
  event: DocumentEvent,
  now: Date,
): Promise<void> {
  for (const itemType of CLOSED_BY[event]) await completeActionItems(trx, documentId, itemType, now);
}

/** An open action item whose purpose its document's state says is done (`itemsPastTheirPurpose`). */
export interface ItemPastItsPurpose {
  actionItemId: string;
  itemType: ActionItemType;
  documentId: string;
  /** Which event of CLOSED_BY the document's state shows. */
  event: DocumentEvent;
}

const PAGE = 500;

/**
 * The open action items that should have been closed, read from the documents as they are (the
 * same rule as CLOSED_BY, seen from the state it leaves): a purchase item of a document that is Paid
 * or Processing and active; a renewal reminder of a document an active document renews; a testing
 * reminder of a document tested for its current plan year; a reminder of a deactivated document
 * (not active, or Inactive). Empty in a database every path keeps (the seed's test, migration 0032's).
 */
export async function itemsPastTheirPurpose(db: Kysely<Database>): Promise<ItemPastItsPurpose[]> {
  const found: ItemPastItsPurpose[] = [];
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
    const about = new Map(items.map((item) => [item.action_item_id, actionItemData(item.json).DocumentId]));
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
    for (const item of items) {
      const document = byId.get(about.get(item.action_item_id) ?? '');
      if (!document) continue;
      const itemType = item.item_type as ActionItemType;
      // What the document's state says happened to it (SQLite answers 0/1, PostgreSQL true/false).
      const active = Number(document.active) === 1 && document.status !== 'Inactive';
      const happened: Record<DocumentEvent, boolean> = {
        paid: active && (document.status === 'Paid' || document.status === 'Processing'),
        renewed: Boolean(Number(document.renewed)),
        tested: Boolean(Number(document.tested)),
        deactivated: !active,
      };
      const event = (Object.keys(CLOSED_BY) as DocumentEvent[]).find(
        (name) => happened[name] && CLOSED_BY[name].includes(itemType),
      );
      if (event) {
        found.push({ actionItemId: item.action_item_id, itemType, documentId: document.document_id, event });
      }
    }
    if (items.length < PAGE) return found;
    after = items[items.length - 1]!.action_item_id;
  }
}
