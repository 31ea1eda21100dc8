import { createHash, randomBytes } from 'node:crypto';
import { badRequest, type Caller } from 'service-kit';
import type { ClaimedInvite } from '../../contract/action-item.js';
import { logDocumentChange } from '../clients/change-log.js';
import type { DocumentDeps } from '../documents/save.js';
import { actionItemData } from './data.js';
import { ACTION_ITEMS_MESSAGES } from './messages.js';

/**
 * Claimed invitations (issue 21 item 1; README "Invitations"). An invitation to purchase is e-mailed to
 * an address as a link; its `pop-document-invite` item (and, for compliance's invitations, its
 * document) belongs to nobody until an account opens the link while signed in, or completes its
 * first-time setup from it and signs in: that account gets it, and no other ever can. Holding the
 * address gives nothing, since anyone can register with anyone's address.
 */

/** How long an invitation's link works. */
export const INVITATION_LINK_DAYS = 14;

/** An invitation's link token: 32 random bytes, base64url; only its SHA-256 is stored. */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: invitationTokenHash(token) };
}

export function invitationTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** When a link made at `now` stops working. */
export function invitationExpiry(now: Date): string {
  return new Date(now.getTime() + INVITATION_LINK_DAYS * 86_400_000).toISOString();
}

/**
 * `POST action-item/claim {token}`: the invitation whose link carries `token` becomes the caller's
 * (its item in their pending list; a compliance invitation's document theirs too, as compliance
 * invites on the invitee's behalf). One conditional UPDATE decides, so of two accounts opening the
 * link at once exactly one gets it. Opened again by the account that claimed it, it answers the same
 * item (the e-mail's link clicked twice); anyone else, an expired or unknown link, or an invitation
 * already paid for, is refused with one message. The inviter (and the broker the invitation is
 * assigned to) cannot claim it: it is for the person they invited.
 */
export async function claimInvitation(
  deps: DocumentDeps,
  caller: Caller,
  token: string,
): Promise<ClaimedInvite> {
  const at = deps.now().toISOString();
  const invalid = () => badRequest(ACTION_ITEMS_MESSAGES.invitation.invalidLink);
  const item = await deps.db
    .selectFrom('action_item')
    .select(['action_item_id', 'user_id', 'json', 'completed', 'claim_expires_at'])
    .where('claim_token_hash', '=', invitationTokenHash(token))
    .where('item_type', '=', 'pop-document-invite')
    .executeTakeFirst();
  const data = item && actionItemData(item.json);
  const documentId = data?.DocumentId;
  if (!item || !data || !documentId) throw invalid();
  const claimed = { actionItemId: item.action_item_id, documentId };
  if (item.user_id === caller.userId) return claimed;
  const open = item.user_id === null && Number(item.completed) === 0;
  if (!open || !item.claim_expires_at || item.claim_expires_at <= at) throw invalid();

  const document = await deps.db
    .selectFrom('epop_document')
    .select('created_by')
    .where('document_id', '=', documentId)
    .executeTakeFirst();
  if (!document) throw invalid();
  if (document.created_by === caller.userId || data.Document.BrokerId === caller.userId) {
    throw badRequest(ACTION_ITEMS_MESSAGES.invitation.ownInvitation);
  }

  await deps.db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable('action_item')
      .set({ user_id: caller.userId, claimed_at: at })
      .where('action_item_id', '=', item.action_item_id)
      .where('user_id', 'is', null)
      .where('completed', '=', 0)
      .where('claim_expires_at', '>', at)
      .executeTakeFirst();
    // Another account opened the link a moment before.
    if (taken.numUpdatedRows === 0n) throw invalid();
    // Compliance invites on the invitee's behalf: the document is theirs once they have claimed it
    // (until then it stays with the compliance user who sent it). A broker or an employer keeps theirs.
    if (data.PricedFor === 'compliance') {
      await trx
        .updateTable('epop_document')
        .set({ owner_user_id: caller.userId })
        .where('document_id', '=', documentId)
        .execute();
    }
    await logDocumentChange(trx, {
      documentId,
      caller,
      at,
      describe: (name) =>
        `${name}: the invitation to purchase it accepted by ${caller.username || caller.userId}`,
    });
  });
  return claimed;
}
