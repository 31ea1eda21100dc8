import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from 'shared-domain';
import { ValidationFailure, type Caller } from 'service-kit';
import { partnerOf } from '../documents/form.js';
import { checkedNewDocument } from '../documents/save.js';
import { insertDocument } from '../documents/queries.js';
import { logDocumentChange } from '../clients/change-log.js';
import { priceFor } from '../products/queries.js';
import { EPOP_PRODUCT } from '../../db/reference-data.js';
import { addActionItems } from './add.js';
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
 * identity-api finds the invitee's account by e-mail or creates one (first-time setup), and one
 * transaction stores the client, the Unpaid document and the invitee's `pop-document-invite` action
 * item (their only way to it until they pay). Then one e-mail tells the invitee where to go.
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
    ...(invitee.firstName ? [] : ['First name is required']),
    ...(invitee.lastName ? [] : ['Last name is required']),
    ...(invitee.companyName ? [] : ['Company name is required']),
  ];
  if (missing.length > 0) throw new ValidationFailure(missing);

  const strategicPartnerId = body.document.strategicPartnerId ?? null;
  const partner = await partnerOf(app.db, strategicPartnerId);
  // The same checks as a free document's (`createDocument`): the form's rules, then its links.
  const { form, links } = await checkedNewDocument(app.db, caller, body.document, partner);
  const price = await priceFor(
    app.db,
    EPOP_PRODUCT.product_id,
    caller.roleGroup,
    body.attributes,
    strategicPartnerId,
  );

  const account = await app.identity.inviteUser(invitee);
  const [inviter] = await app.identity.lookupUsers([caller.userId]);
  const inviterName = inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : caller.username;
  const broker = caller.roleGroup === 'broker' ? caller.userId : null;

  const actionItemId = randomUUID();
  const documentId = await app.db.transaction().execute(async (trx) => {
    const id = await insertDocument(trx, {
      // Compliance invites on the invitee's behalf; a broker or employer keeps the invite in their list.
      ownerUserId: caller.roleGroup === 'compliance' ? account.userId : caller.userId,
      createdBy: caller.userId,
      form,
      clientId: links.clientId,
      originalDocumentId: links.originalDocumentId,
      strategicPartnerId,
      brokerUserId: broker,
      // The invitee reaches the document through their action item alone until they pay: an e-mail
      // address proves nothing (registration does not verify it), so no client is opened to them.
      // An employer who invites keeps their own document.
      memberUserId: caller.roleGroup === 'epop' ? caller.userId : null,
      kind: 'unpaid',
    });
    await logDocumentChange(trx, {
      documentId: id,
      caller,
      describe: (document) => `${document} created, to be purchased by ${invitee.email} (invitation sent)`,
    });
    await addActionItems(trx, [
      {
        actionItemId,
        userId: account.userId,
        itemType: 'pop-document-invite',
        // specs/1-foundation.md §3: an invite's description is a broker text and a default text.
        description: JSON.stringify({
          broker: `Review and purchase the POP document of ${form.clientCompanyName} (invited by ${inviterName})`,
          default: `${inviterName} invited you to review and purchase the POP document of ${form.clientCompanyName}`,
        }),
        data: {
          kind: 'invite',
          documentId: id,
          brokerId: broker,
          attributes: price.attributeValueIds,
          pricedFor: caller.roleGroup === 'guest' ? null : caller.roleGroup,
        },
        createdBy: caller.username || caller.userId,
        createdAt: new Date().toISOString(),
      },
    ]);
    return id;
  });

  const itemUrl = `${appUrl}/document/action-item/${actionItemId}`;
  const steps = account.setupUrl
    ? [`First set up your account: ${account.setupUrl}`, `Then open the invitation: ${itemUrl}`]
    : [`Sign in and open the invitation: ${itemUrl}`];
  const intro = `${inviterName} has prepared the Section 125 Premium Only Plan document of ${form.clientCompanyName} and invites you to review and purchase it.`;
  await app.mailer.send({
    to: invitee.email,
    subject: 'You have been invited to purchase your POP document',
    text: [`Hello ${invitee.firstName},`, '', intro, '', ...steps, '', 'POP Documents'].join('\n'),
    html:
      `<p>Hello ${escapeHtml(invitee.firstName)},</p><p>${escapeHtml(intro)}</p>` +
      steps
        .map((step) => {
          const [label, url] = step.split(/: (?=http)/);
          return `<p>${escapeHtml(label!)}: <a href="${escapeHtml(url!)}">${escapeHtml(url!)}</a></p>`;
        })
        .join('') +
      '<p>POP Documents</p>',
  });
  return { actionItemId, documentId };
}
