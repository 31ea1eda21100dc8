import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ActionItemType } from 'shared-domain';
import type { Database } from '../../db/schema.js';
import type { ActionItemData } from './data.js';

/**
 * What each kind of action item stores in its `json` (read back by actionItemData, and by the
 * browser as the item's `json`). Built by actionItemJson alone, always in the order DocumentId,
 * Document, Attributes, PricedFor, PlanYearEnd.
 */
export type ActionItemPayload =
  /** An invitation to purchase: the broker it is assigned to, the inviter's attribute values and role. */
  | {
      kind: 'invite';
      documentId: string;
      brokerId: string | null;
      attributes: string[];
      pricedFor: ActionItemData['PricedFor'];
    }
  /** A document to pay through the cart: an auto-renew invoice, a repayment, a Colonial cancellation. */
  | { kind: 'purchase'; documentId: string }
  /** A reminder of the scan: the plan year it is about (README "Reminders"). */
  | { kind: 'reminder'; documentId: string; planYearEnd: string }
  /** The demo seed's items: the document alone, as the old system's rows (actionItemData completes them). */
  | { kind: 'demo'; documentId: string };

/** The payloads each item type may carry (the demo seed's, for any type). */
interface PayloadOf {
  'pop-document-invite': Extract<ActionItemPayload, { kind: 'invite' }>;
  'unpaid-pop-action-item': Extract<ActionItemPayload, { kind: 'purchase' }>;
  'colonial-cancellation-purchase': Extract<ActionItemPayload, { kind: 'purchase' }>;
  'pop-document-renewal': Extract<ActionItemPayload, { kind: 'reminder' }>;
  'pop-document-ndt': Extract<ActionItemPayload, { kind: 'reminder' }>;
}

interface NewActionItemOf<T extends ActionItemType> {
  /** Given when the caller needs it (an invite's address, the seed's stable ids); else a new one. */
  actionItemId?: string;
  /** Whose list shows it; null for an invitation, which belongs to nobody until its link is claimed. */
  userId: string | null;
  /** An invitation's link: the SHA-256 of its token and when it stops working (claim.ts). */
  claim?: { tokenHash: string; expiresAt: string };
  itemType: T;
  /** The text shown (an invite's is JSON: a broker text and a default text). */
  description: string;
  data: PayloadOf[T] | Extract<ActionItemPayload, { kind: 'demo' }>;
  /** A username, or the system's name ('POP Documents'). */
  createdBy: string;
  createdAt: string;
}

/** A new open action item, its payload typed by its item type. */
export type NewActionItem = { [T in ActionItemType]: NewActionItemOf<T> }[ActionItemType];

/** An action item's stored `json`. */
export function actionItemJson(data: ActionItemPayload): string {
  switch (data.kind) {
    case 'demo':
      return JSON.stringify({ DocumentId: data.documentId });
    case 'invite': {
      const stored: ActionItemData = {
        DocumentId: data.documentId,
        Document: { BrokerId: data.brokerId },
        Attributes: data.attributes,
        PricedFor: data.pricedFor,
      };
      return JSON.stringify(stored);
    }
    case 'purchase':
    case 'reminder': {
      const stored: ActionItemData & { PlanYearEnd?: string } = {
        DocumentId: data.documentId,
        Document: { BrokerId: null },
        Attributes: [],
        PricedFor: null,
        ...(data.kind === 'reminder' ? { PlanYearEnd: data.planYearEnd } : {}),
      };
      return JSON.stringify(stored);
    }
  }
}

/** Action items per INSERT: 11 parameters a row, well under both engines' limits. */
const ACTION_ITEMS_PER_INSERT = 500;

/**
 * Adds open action items, inside the caller's transaction (the one place that writes `action_item`
 * rows; migrations aside). `ifAbsent`: an item whose id exists already is left as it is (the demo
 * seed, run again). Multi-row statements of at most 500 items.
 */
export async function addActionItems(
  trx: Kysely<Database>,
  items: readonly NewActionItem[],
  options: { ifAbsent?: boolean } = {},
): Promise<void> {
  for (let i = 0; i < items.length; i += ACTION_ITEMS_PER_INSERT) {
    await trx
      .insertInto('action_item')
      .values(
        items.slice(i, i + ACTION_ITEMS_PER_INSERT).map((item) => ({
          action_item_id: item.actionItemId ?? randomUUID(),
          user_id: item.userId,
          item_type: item.itemType,
          description: item.description,
          json: actionItemJson(item.data),
          created_by: item.createdBy,
          created_at: item.createdAt,
          completed: 0,
          completed_at: null,
          claim_token_hash: item.claim?.tokenHash ?? null,
          claim_expires_at: item.claim?.expiresAt ?? null,
        })),
      )
      .$if(options.ifAbsent === true, (query) =>
        query.onConflict((oc) => oc.column('action_item_id').doNothing()),
      )
      .execute();
  }
}
