import admin from './admin.js';
import downloads from './downloads.js';
import lifecycle from './lifecycle.js';
import ndt from './ndt.js';
import send from './send.js';
import documentUsers from './users.js';
import {
  badRequest,
  forbidden,
  notFound,
  Type,
  UserId,
  Uuid,
  ValidationFailure,
  withPaging,
  type Caller,
  type FastifyPluginAsyncTypebox,
} from 'service-kit';
import { RecordOrUserIdParams, SIGNED_IN } from '../../lib/contract.js';
import { isCompliance } from '../../policies/rules.js';
import { checkedForm, partnerOf } from '../../domain/documents/form.js';
import { checkedLinks, renewedAlready } from '../../domain/documents/links.js';
import { ACTION_ITEM_NOT_FOUND } from '../../domain/action-items/policy.js';
import { changedFields, logDocumentChange } from '../../domain/clients/change-log.js';
import { actionItemById, completeActionItems } from '../../domain/action-items/queries.js';
import { DOCUMENT_NOT_FOUND, keepLockedFields, SAVE_MESSAGES } from '../../domain/documents/index.js';
import {
  insertDocument,
  documentById,
  documentExists,
  listOwnedDocuments,
  storedDocument,
  updateDocument,
} from '../../domain/documents/queries.js';
import { blankDocumentForm, nextPlanYear } from 'shared-domain/forms';
import { productToday } from 'shared-domain';
import {
  DocumentBody,
  DocumentDraft,
  DocumentPageOrDocument,
  DocumentQuery,
  EpopDocument,
} from '../../contract/epop-document.js';

/** The documents of the specs (specs/1-foundation.md "Orders and documents list", 2-documents.md §7). */
const epopDocument: FastifyPluginAsyncTypebox<{ appUrl: string }> = async (app, { appUrl }) => {
  await app.register(downloads);
  await app.register(send);
  await app.register(ndt);
  await app.register(admin);
  await app.register(documentUsers);
  await app.register(lifecycle, { appUrl });
  // The specs' doubled path: `epop-document/{userId}?page…` ('My POP Documents' of that user) and
  // `epop-document/{documentId}` (one document).
  app.get(
    '/:id',
    {
      config: {
        access: SIGNED_IN,
        ownership: { resource: ['document', 'user'], action: 'read', param: 'id' },
      },
      schema: {
        summary: "A user's documents, a page at a time (by user id), or one document (by document id)",
        params: RecordOrUserIdParams,
        querystring: DocumentQuery,
        response: { 200: DocumentPageOrDocument },
      },
    },
    async (request) => {
      const { resource, id } = request.target!;
      if (resource === 'user')
        return listOwnedDocuments(app.db, id, withPaging(request.query), productToday(app.now()));
      const document = await documentById(app.db, id, productToday(app.now()), isCompliance(request.caller!));
      if (!document) throw notFound(DOCUMENT_NOT_FOUND);
      return document;
    },
  );

  async function create(caller: Caller, ownerUserId: string, body: DocumentBody): Promise<string> {
    // §4 save logic: the cart is bypassed by compliance ('Create Free Document') or by the partner's
    // bypass rule ('Save Document'); everyone else pays first (the cart or an invite).
    const { strategicPartnerId = null, clientId, originalDocumentId, ...fields } = body;
    const compliance = isCompliance(caller);
    if (!compliance && !strategicPartnerId) throw forbidden(SAVE_MESSAGES.freeDocumentComplianceOnly);
    const partner = await partnerOf(app.db, strategicPartnerId);
    if (!compliance && !partner?.bypassShoppingCart) {
      throw forbidden(SAVE_MESSAGES.freeDocumentComplianceOnly);
    }
    const form = await checkedForm(fields, partner);
    const links = await checkedLinks(
      app.db,
      caller,
      { clientId, originalDocumentId },
      { strategicPartnerId },
    );
    try {
      return await app.db.transaction().execute(async (trx) => {
        const documentId = await insertDocument(trx, {
          // Compliance renews a document on its owner's behalf: the renewal is theirs too.
          ownerUserId: compliance ? (links.originalOwnerUserId ?? ownerUserId) : ownerUserId,
          createdBy: caller.userId,
          form: links.originalDocumentId ? { ...form, originalDocumentId: links.originalDocumentId } : form,
          clientId: links.clientId,
          originalDocumentId: links.originalDocumentId,
          strategicPartnerId,
          brokerUserId: caller.roleGroup === 'broker' ? caller.userId : null,
          memberUserId: caller.roleGroup === 'epop' ? caller.userId : null,
          kind: 'free',
        });
        await logDocumentChange(trx, {
          documentId,
          caller,
          describe: (document) =>
            links.originalDocumentId
              ? `${document} created without a purchase, renewing the previous plan year's document`
              : `${document} created without a purchase`,
        });
        // A renewal done is the renewal action item's purpose fulfilled.
        if (links.originalDocumentId) {
          await completeActionItems(trx, links.originalDocumentId, 'pop-document-renewal');
        }
        return documentId;
      });
    } catch (error) {
      // Two renewals of one document at once: the unique index lets one in.
      if (links.originalDocumentId && (await renewedAlready(app.db, links.originalDocumentId))) {
        throw new ValidationFailure([SAVE_MESSAGES.renewedAlready]);
      }
      throw error;
    }
  }

  /** Saves a document's changes; `viaInvite`: its assigned broker's 'Update invite' (§4 save logic 2). */
  async function update(
    caller: Caller,
    documentId: string,
    body: DocumentBody,
    viaInvite = false,
  ): Promise<string> {
    const stored = await storedDocument(app.db, documentId);
    if (!stored) throw notFound(DOCUMENT_NOT_FOUND);
    if (stored.readOnly) throw new ValidationFailure([SAVE_MESSAGES.inactive]);
    const compliance = isCompliance(caller);
    // §4 save logic: a document that still needs a purchase changes through the cart or its invite.
    if (!compliance && !viaInvite && stored.status === 'Unpaid')
      throw new ValidationFailure([SAVE_MESSAGES.purchaseRequired]);
    const { strategicPartnerId, clientId: _clientId, originalDocumentId, ...fields } = body;
    // Only compliance moves a document to another partner (the admin page's partner settings).
    const partnerId =
      compliance && strategicPartnerId !== undefined ? strategicPartnerId : stored.strategicPartnerId;
    if (!compliance && strategicPartnerId !== undefined && strategicPartnerId !== stored.strategicPartnerId) {
      throw new ValidationFailure([SAVE_MESSAGES.complianceOnly('Strategic partner')]);
    }
    const partner = await partnerOf(app.db, partnerId);
    if (originalDocumentId && !(await documentExists(app.db, originalDocumentId))) {
      throw new ValidationFailure([SAVE_MESSAGES.originalNotFound]);
    }
    // The body is a patch: a field left out keeps its stored value.
    const merged: Record<string, unknown> = {
      ...stored.form,
      currentPlanYearStartDate: stored.planYearStart,
      currentPlanYearEndDate: stored.planYearEnd,
      ...fields,
    };
    const withOriginal: Record<string, unknown> =
      originalDocumentId === undefined ? merged : { ...merged, originalDocumentId: originalDocumentId ?? '' };
    const locked = compliance ? { form: withOriginal, errors: [] } : keepLockedFields(stored, withOriginal);
    // The form's own rules first: their messages say what to fix; then what may not change.
    const form = await checkedForm(locked.form, partner);
    if (locked.errors.length > 0) throw new ValidationFailure(locked.errors);
    const original = locked.form.originalDocumentId;
    const saved = original ? { ...form, originalDocumentId: original } : form;
    const changed = [
      ...changedFields(
        {
          ...stored.form,
          currentPlanYearStartDate: stored.planYearStart,
          currentPlanYearEndDate: stored.planYearEnd,
        },
        saved,
      ),
      ...(partnerId !== stored.strategicPartnerId ? ['strategic partner'] : []),
    ];
    await app.db.transaction().execute(async (trx) => {
      await updateDocument(trx, documentId, {
        form: saved,
        strategicPartnerId: partnerId,
        originalDocumentId: typeof original === 'string' && original !== '' ? original : null,
      });
      // The client's change log: what this save changed (a save that changed nothing leaves no row).
      if (changed.length > 0) {
        await logDocumentChange(trx, {
          documentId,
          caller,
          describe: (document) => `${document} saved: ${changed.join(', ')} changed`,
        });
      }
    });
    return documentId;
  }

  // The specs' doubled path: `POST epop-document/{userId}` creates a document for that user (a free
  // one: compliance's 'Create Free Document'), `POST epop-document/{documentId}` saves its changes.
  app.post(
    '/:id',
    {
      config: {
        access: SIGNED_IN,
        ownership: { resource: ['document', 'user'], action: 'write', param: 'id' },
      },
      schema: {
        summary: 'Create a free document for a user (by user id), or save a document (by document id)',
        params: RecordOrUserIdParams,
        body: DocumentBody,
        response: { 200: EpopDocument },
      },
    },
    async (request) => {
      const { resource, id } = request.target!;
      const caller = request.caller!;
      const documentId =
        resource === 'user' ? await create(caller, id, request.body) : await update(caller, id, request.body);
      const saved = await documentById(app.db, documentId, productToday(app.now()));
      if (!saved) throw notFound(DOCUMENT_NOT_FOUND);
      return saved;
    },
  );

  /** The document an action item is about (its data's DocumentId). */
  async function documentOfItem(actionItemId: string): Promise<string> {
    const item = await actionItemById(app.db, actionItemId);
    if (!item?.data.DocumentId) throw notFound(ACTION_ITEM_NOT_FOUND);
    return item.data.DocumentId;
  }

  // `/document/action-item/{actionItemId}` opens the document of any of the five item types.
  app.get(
    '/action-item/:actionItemId',
    {
      config: {
        access: SIGNED_IN,
        ownership: { resource: 'action-item', action: 'read', param: 'actionItemId' },
      },
      schema: {
        summary: 'The document an action item is about',
        params: ActionItemIdParams,
        response: { 200: EpopDocument },
      },
    },
    async (request) => {
      const document = await documentById(
        app.db,
        await documentOfItem(request.params.actionItemId),
        productToday(app.now()),
      );
      if (!document) throw notFound(DOCUMENT_NOT_FOUND);
      return document;
    },
  );

  // 'Update invite': the invite's assigned broker (or compliance) changes the invited document.
  app.post(
    '/action-item/:actionItemId',
    {
      config: {
        access: SIGNED_IN,
        ownership: { resource: 'action-item', action: 'update-invite', param: 'actionItemId' },
      },
      schema: {
        summary: "Save the document of an invite (its assigned broker's 'Update invite')",
        params: ActionItemIdParams,
        body: DocumentBody,
        response: { 200: EpopDocument },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const item = await actionItemById(app.db, request.params.actionItemId);
      // Only an open invite is updated, and only by compliance or its assigned broker (not its invitee).
      const assigned = isCompliance(caller) || item?.data.Document.BrokerId === caller.userId;
      if (!item || item.itemType !== 'pop-document-invite' || item.completed || !assigned) {
        throw notFound(ACTION_ITEM_NOT_FOUND);
      }
      const documentId = await update(caller, await documentOfItem(item.id), request.body, true);
      const saved = await documentById(app.db, documentId, productToday(app.now()));
      if (!saved) throw notFound(DOCUMENT_NOT_FOUND);
      return saved;
    },
  );

  // `GET epop-document/{documentId}/renew/{userId}` (specs/2-documents.md §4 "Renewal reuses the
  // new-document flow"): the next plan year's document, not stored yet. Its answers are the old
  // ones, its plan year starts the day after the old one ends and runs twelve months, and it names
  // the old one as `originalDocumentId`. It needs a purchase (the cart, an invite) unless compliance
  // renews it (/admin/renew) or its partner bypasses the cart. Only a document `readyForRenewal`.
  app.get(
    '/:id/renew/:userId',
    {
      config: { access: SIGNED_IN, ownership: { resource: 'document', action: 'renew', param: 'id' } },
      schema: {
        summary: "The next plan year's document of a document ready for renewal, for the order form",
        params: RenewParams,
        response: { 200: DocumentDraft },
      },
    },
    async (request): Promise<DocumentDraft> => {
      const caller = request.caller!;
      const { id, userId } = request.params;
      // The renewal is for the caller (compliance renews on anyone's behalf).
      if (!isCompliance(caller) && userId !== caller.userId) throw notFound(DOCUMENT_NOT_FOUND);
      const document = await documentById(app.db, id, productToday(app.now()));
      if (!document) throw notFound(DOCUMENT_NOT_FOUND);
      if (!document.readyForRenewal) throw badRequest(SAVE_MESSAGES.notReadyForRenewal);
      const planYear = nextPlanYear(document.currentPlanYearEndDate);
      const { originalDocumentId: _previous, ...answers } = document.form;
      return {
        documentId: null,
        form: {
          ...blankDocumentForm(),
          ...answers,
          currentPlanYearStartDate: planYear.start,
          currentPlanYearEndDate: planYear.end,
          shortPlanYear: false,
        },
        clientId: document.clientId,
        strategicPartnerId: document.strategicPartnerId,
        originalDocumentId: document.documentId,
        partner: document.partner,
        requiresPurchase: !isCompliance(caller) && !(document.partner?.bypassShoppingCart ?? false),
      };
    },
  );
};

const ActionItemIdParams = Type.Object({ actionItemId: Uuid() }, { additionalProperties: false });

const RenewParams = Type.Object(
  { id: Uuid({ description: 'the document to renew' }), userId: UserId() },
  { additionalProperties: false },
);

export default epopDocument;
