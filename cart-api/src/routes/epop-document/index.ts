import {
  forbidden,
  notFound,
  ValidationFailure,
  withPaging,
  type Caller,
  type FastifyPluginAsyncTypebox,
} from 'service-kit';
import { RecordOrUserIdParams, SIGNED_IN } from '../../lib/contract.js';
import { isCompliance } from '../../policies/rules.js';
import { clientPolicy } from '../client/policy.js';
import { checkedForm, partnerOf } from './form.js';
import { DOCUMENT_NOT_FOUND, keepLockedFields, SAVE_MESSAGES } from './policy.js';
import {
  companyOfKind,
  createFreeDocument,
  documentById,
  documentExists,
  listOwnedDocuments,
  storedDocument,
  updateDocument,
} from './queries.js';
import { DocumentBody, DocumentPageOrDocument, DocumentQuery, EpopDocument } from './schemas.js';

/** The documents of the specs (specs/1-foundation.md "Orders and documents list", 2-documents.md §7). */
const epopDocument: FastifyPluginAsyncTypebox = async (app) => {
  const clients = clientPolicy(app.db);
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
      if (resource === 'user') return listOwnedDocuments(app.db, id, withPaging(request.query));
      const document = await documentById(app.db, id);
      if (!document) throw notFound(DOCUMENT_NOT_FOUND);
      return document;
    },
  );

  async function create(caller: Caller, ownerUserId: string, body: DocumentBody): Promise<string> {
    // §4 save logic: the cart is bypassed by compliance ('Create Free Document') or by the partner's
    // bypass rule ('Save Document'); everyone else pays first (the cart or an invite).
    const { strategicPartnerId = null, clientId = null, originalDocumentId = null, ...fields } = body;
    const compliance = isCompliance(caller);
    if (!compliance && !strategicPartnerId) throw forbidden(SAVE_MESSAGES.freeDocumentComplianceOnly);
    const partner = await partnerOf(app.db, strategicPartnerId);
    if (!compliance && !partner?.bypassShoppingCart) {
      throw forbidden(SAVE_MESSAGES.freeDocumentComplianceOnly);
    }
    const form = await checkedForm(fields, partner);
    if (clientId && !(await companyOfKind(app.db, clientId, 'client'))) {
      throw new ValidationFailure([SAVE_MESSAGES.clientNotFound]);
    }
    // A document joins only a client the caller looks after (a duplicate tax id's Continue).
    if (clientId && !(await clients.allows(caller, 'write', clientId))) {
      throw notFound(SAVE_MESSAGES.clientNotFound);
    }
    if (originalDocumentId && !(await documentExists(app.db, originalDocumentId))) {
      throw new ValidationFailure([SAVE_MESSAGES.originalNotFound]);
    }
    return createFreeDocument(app.db, {
      ownerUserId,
      createdBy: caller.userId,
      form: originalDocumentId ? { ...form, originalDocumentId } : form,
      clientId,
      strategicPartnerId,
      brokerUserId: caller.roleGroup === 'broker' ? caller.userId : null,
      memberUserId: caller.roleGroup === 'epop' ? caller.userId : null,
    });
  }

  async function update(caller: Caller, documentId: string, body: DocumentBody): Promise<string> {
    const stored = await storedDocument(app.db, documentId);
    if (!stored) throw notFound(DOCUMENT_NOT_FOUND);
    if (stored.readOnly) throw new ValidationFailure([SAVE_MESSAGES.inactive]);
    const compliance = isCompliance(caller);
    // §4 save logic: a document that still needs a purchase changes through the cart or its invite.
    if (!compliance && stored.status === 'Unpaid')
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
    await updateDocument(app.db, documentId, {
      form: original ? { ...form, originalDocumentId: original } : form,
      strategicPartnerId: partnerId,
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
      const saved = await documentById(app.db, documentId);
      if (!saved) throw notFound(DOCUMENT_NOT_FOUND);
      return saved;
    },
  );
};

export default epopDocument;
