import type {
  ActionItem as SharedActionItem,
  PendingActionItems as SharedPendingActionItems,
} from 'shared-domain';
import { Type, Uuid, type Static } from 'service-kit';
import type { Assert, Same } from '../lib/contract.js';
import { DOCUMENT_EXAMPLE, DocumentBody } from './epop-document.js';

export const ActionItemType = Type.Union([
  Type.Literal('pop-document-invite'),
  Type.Literal('unpaid-pop-action-item'),
  Type.Literal('colonial-cancellation-purchase'),
  Type.Literal('pop-document-ndt'),
  Type.Literal('pop-document-renewal'),
]);

export const ActionItem = Type.Object({
  id: Uuid(),
  itemType: ActionItemType,
  description: Type.String(),
  json: Type.String({ description: 'the item data, JSON' }),
  createdBy: Type.String(),
  createdDate: Type.String({ format: 'date-time' }),
});

export const PendingActionItems = Type.Object({
  today: Type.Array(ActionItem),
  yesterday: Type.Array(ActionItem),
  pastweek: Type.Array(ActionItem),
  older: Type.Array(ActionItem),
});

export type _ActionItemIsShared = Assert<Same<Static<typeof ActionItem>, SharedActionItem>>;
export type _PendingActionItemsAreShared = Assert<
  Same<Static<typeof PendingActionItems>, SharedPendingActionItems>
>;

export const INVITE_EXAMPLE = {
  firstname: 'Pat',
  lastname: 'Doe',
  email: 'pat@example.com',
  companyName: DOCUMENT_EXAMPLE.clientCompanyName,
  document: DOCUMENT_EXAMPLE,
  attributes: [] as string[],
};

/**
 * `POST action-item/document-invite` (specs/2-documents.md §3 "Invite payload"): whom to invite and
 * the document they are invited to purchase, with the attribute values the inviter chose.
 */
export const InviteBody = Type.Object(
  {
    firstname: Type.String({ minLength: 1, maxLength: 100 }),
    lastname: Type.String({ minLength: 1, maxLength: 100 }),
    email: Type.String({ format: 'email', maxLength: 200 }),
    companyName: Type.String({ minLength: 1, maxLength: 200 }),
    document: DocumentBody,
    attributes: Type.Array(Uuid(), { maxItems: 20, description: 'the chosen attribute value ids' }),
  },
  {
    additionalProperties: false,
    examples: [INVITE_EXAMPLE],
  },
);
export type InviteBody = Static<typeof InviteBody>;

export const SentInvite = Type.Object({
  actionItemId: Uuid({ description: "the invitee's pop-document-invite action item" }),
  documentId: Uuid({ description: 'the Unpaid document the invitee is invited to purchase' }),
});

/** `GET action-item/{actionItemId}`: one action item; `json` is its data (DocumentId, Document.BrokerId). */
export const OneActionItem = Type.Object({
  ...ActionItem.properties,
  completed: Type.Boolean(),
});
