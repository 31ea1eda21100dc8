import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from 'shared-domain';
import { ValidationFailure, type Caller } from 'service-kit';
import { partnerOf } from '../documents/form.js';
import { entitledPartnerId } from '../partners/entitlement.js';
import { checkedNewDocument } from '../documents/save.js';
import { insertDocument } from '../documents/queries.js';
import { logDocumentChange } from '../clients/change-log.js';
import { priceFor } from '../products/queries.js';
import { limitInvitations } from '../limits/limits.js';
import { EPOP_PRODUCT } from '../../db/reference-data.js';
import { addActionItems } from './add.js';
import { closeActionItemsFor } from './closure.js';
import { invitationExpiry, INVITATION_LINK_DAYS, newInvitationToken } from './claim.js';
import { ACTION_ITEMS_MESSAGES } from './messages.js';
import { DOCUMENTS_MESSAGES } from '../documents/messages.js';
import type { InviteBody } from '../../contract/action-item.js';

/** What an invitation answers: the action item the invitee got and the Unpaid document it is about. */
export interface SentInvite {
  actionItemId: string;
  documentId: string;
}

/**
 * `POST action-item/document-invite` (specs/2-documents.md §4 "Invite"; 'Send Invite' of brokers and
 * employers, compliance's 'Invite to Purchase'): the document is checked like any other write, its
 * price chosen by the inviter (their role, their attribute values, the partner's prices), then
 * identity-api tells whether an account verified the address (else it makes one with a first-time
 * setup link), and one transaction stores the client, the Unpaid document and the
 * `pop-document-invite` action item (the invitee's only way to it until they pay). The item belongs to
 * nobody yet: one e-mail carries its single-use link to the address, and the account that opens it
 * claims it (claim.ts, README "Invitations"). No account gets anything for holding the address.
 */
export async function sendDocumentInvite(
  app: FastifyInstance,
  caller: Caller,
  body: InviteBody,
  appUrl: string,
): Promise<SentInvite> {
  const invitee = {
    firstName: body.firstname.trim(),
    lastName: body.lastname.trim(),
    email: body.email.trim(),
    companyName: body.companyName.trim(),
  };
  const missing = [
    ...(invitee.firstName ? [] : [ACTION_ITEMS_MESSAGES.invitee.firstNameRequired]),
    ...(invitee.lastName ? [] : [ACTION_ITEMS_MESSAGES.invitee.lastNameRequired]),
    ...(invitee.companyName ? [] : [ACTION_ITEMS_MESSAGES.invitee.companyNameRequired]),
  ];
  if (missing.length > 0) throw new ValidationFailure(missing);

  // The partner's rules and prices only for an inviter entitled to it (else the standard product).
  const strategicPartnerId = await entitledPartnerId(app, caller, body.document.strategicPartnerId, {
    clientId: body.document.clientId,
    originalDocumentId: body.document.originalDocumentId,
  });
  const partner = await partnerOf(app.db, strategicPartnerId);
  // The same checks as a free document's (`createDocument`): the form's rules, then its links.
  const { form, links, retroactive, logNote } = await checkedNewDocument(
    app,
    caller,
    { ...body.document, strategicPartnerId },
    partner,
  );
  const price = await priceFor(
    app.db,
    EPOP_PRODUCT.product_id,
    caller.roleGroup,
    body.attributes,
    strategicPartnerId,
  );

  // README "Limits": counted once the request is valid, before anything is made or sent (429 past it).
  await limitInvitations(app.db, caller, app.now());
  const account = await app.identity.inviteUser(invitee);
  const [inviter] = await app.identity.lookupUsers([caller.userId]);
  const inviterName = inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : caller.username;
  const broker = caller.roleGroup === 'broker' ? caller.userId : null;

  const actionItemId = randomUUID();
  const link = newInvitationToken();
  const sentAt = app.now();
  const documentId = await app.db.transaction().execute(async (trx) => {
    const id = await insertDocument(trx, {
      // A broker or employer keeps the invite in their list. Compliance invites on the invitee's
      // behalf: the document becomes the invitee's when they claim the link, and stays with the
      // compliance user who sent it until then (nobody else's).
      ownerUserId: caller.userId,
      createdBy: caller.userId,
      form,
      clientId: links.clientId,
      originalDocumentId: links.originalDocumentId,
      strategicPartnerId,
      brokerUserId: broker,
      // The invitee (the account that claims the link) reaches the document through their action
      // item alone until they pay, so no client is opened to them. An employer who invites keeps
      // their own document.
      memberUserId: caller.roleGroup === 'epop' ? caller.userId : null,
      kind: 'unpaid',
      retroactive,
    });
    await logDocumentChange(trx, {
      documentId: id,
      caller,
      describe: (document) =>
        `${document} created, to be purchased by ${invitee.email} (invitation sent)` +
        (retroactive ? DOCUMENTS_MESSAGES.save.retroactiveLogged(retroactive.reason) : '') +
        logNote,
    });
    await addActionItems(trx, [
      {
        actionItemId,
        // Nobody's until its link is claimed (README "Invitations").
        userId: null,
        claim: { tokenHash: link.tokenHash, expiresAt: invitationExpiry(sentAt) },
        itemType: 'pop-document-invite',
        // specs/1-foundation.md §3: an invite's description is a broker text and a default text. The
        // item is seen only by the account that accepted the e-mailed link: the texts say so.
        description: JSON.stringify({
          broker: `Review and purchase the POP document of ${form.clientCompanyName} (invited by ${inviterName}; accepted from the e-mailed link, so only this account sees it)`,
          default: `${inviterName} invited you to review and purchase the POP document of ${form.clientCompanyName}. You accepted this invitation from its e-mailed link: only your account sees it`,
        }),
        data: {
          kind: 'invite',
          documentId: id,
          brokerId: broker,
          attributes: price.attributeValueIds,
          pricedFor: caller.roleGroup === 'guest' ? null : caller.roleGroup,
        },
        createdBy: caller.username || caller.userId,
        createdAt: sentAt.toISOString(),
      },
    ]);
    // An invitation to renew is the renewal (unpaid, as an auto-renewal's): the reminder is done.
    if (links.originalDocumentId) await closeActionItemsFor(trx, links.originalDocumentId, 'renewed', sentAt);
    return id;
  });

  // The one link of the invitation: the token rides in the query string (kept out of the logs).
  const invitationUrl = `${appUrl}/invitation?${new URLSearchParams({ token: link.token })}`;
  const steps = account.setupUrl
    ? [
        // A new account for the address: its first-time setup continues to the invitation.
        `Set up your account and accept the invitation: ${account.setupUrl}?${new URLSearchParams({ invitationToken: link.token })}`,
        `Already have a POP Documents account? Sign in and accept it there: ${invitationUrl}`,
      ]
    : [`Sign in and accept the invitation: ${invitationUrl}`];
  const intro = `${inviterName} has prepared the Section 125 Premium Only Plan document of ${form.clientCompanyName} and invites you to review and purchase it.`;
  const note = `This link is for you alone: the invitation and its document go to the account that accepts it first, and no account sees them before. It works once, within ${INVITATION_LINK_DAYS} days.`;
  await app.mailer.send({
    to: invitee.email,
    subject: 'You have been invited to purchase your POP document',
    text: [`Hello ${invitee.firstName},`, '', intro, '', ...steps, '', note, '', 'POP Documents'].join('\n'),
    html:
      `<p>Hello ${escapeHtml(invitee.firstName)},</p><p>${escapeHtml(intro)}</p>` +
      steps
        .map((step) => {
          const [label, url] = step.split(/: (?=http)/);
          return `<p>${escapeHtml(label!)}: <a href="${escapeHtml(url!)}">${escapeHtml(url!)}</a></p>`;
        })
        .join('') +
      `<p>${escapeHtml(note)}</p><p>POP Documents</p>`,
  });
  return { actionItemId, documentId };
}
