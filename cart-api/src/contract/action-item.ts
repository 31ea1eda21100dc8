import { ACTION_ITEM_TYPES } from 'shared-domain';
import { LiteralUnion, Type, Uuid, type Static } from 'service-kit';
import { DOCUMENT_EXAMPLE, DocumentBody } from './epop-document.js';

/** shared-domain's vocabulary of kinds, one literal each. */
export const ActionItemType = LiteralUnion(ACTION_ITEM_TYPES);

export const ActionItem = Type.Object({
  id: Uuid(),
  itemType: ActionItemType,
  description: Type.String(),
  json: Type.String({ description: 'the item data, JSON' }),
  createdBy: Type.String(),
  createdDate: Type.String({ format: 'date-time' }),
});
export type ActionItem = Static<typeof ActionItem>;

export const PendingActionItems = Type.Object({
  today: Type.Array(ActionItem),
  yesterday: Type.Array(ActionItem),
  pastweek: Type.Array(ActionItem),
  older: Type.Array(ActionItem),
});
export type PendingActionItems = Static<typeof PendingActionItems>;

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

/** A claim's body as the docs show it (a real link's token is 43 base64url characters). */
export const CLAIM_EXAMPLE = { token: 'Zm9yLXRoZS1kb2NzLW9ubHktbm90LWEtcmVhbC1saW5r' };

/** `POST action-item/claim`: the token of an invitation's link (`/invitation?token=`). */
export const ClaimBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200, description: "the invitation link's token" }) },
  { additionalProperties: false, examples: [CLAIM_EXAMPLE] },
);
export type ClaimBody = Static<typeof ClaimBody>;

/** The invitation the caller now holds: their action item and the Unpaid document it is about. */
export const ClaimedInvite = Type.Object({
  actionItemId: Uuid({ description: "the caller's pop-document-invite action item" }),
  documentId: Uuid({ description: 'the Unpaid document they are invited to purchase' }),
});
export type ClaimedInvite = Static<typeof ClaimedInvite>;
