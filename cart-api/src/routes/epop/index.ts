import { blankDocumentForm } from 'shared-domain/forms';
import { notFound, Type, Uuid, type FastifyPluginAsyncTypebox } from 'service-kit';
import { SIGNED_IN, UserIdParams } from '../../lib/contract.js';
import { isCompliance } from '../../policies/rules.js';
import { SAVE_MESSAGES } from '../../domain/documents/index.js';
import { DocumentDraft } from '../../contract/epop-document.js';
import { partnerFormSettings } from '../../domain/partners/settings.js';

const NewDocumentQuery = Type.Object(
  { strategicPartnerId: Type.Optional(Uuid({ description: 'the partner the document is sold through' })) },
  { additionalProperties: false },
);

/**
 * `GET epop/document/new/{userId}` (specs/2-documents.md §7): the blank document the order form
 * opens at /document/new, or /document/new/{strategicPartnerId} with the partner's settings. It
 * needs a purchase unless compliance creates it (free) or the partner bypasses the cart.
 */
const epop: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/document/new/:userId',
    {
      config: { access: SIGNED_IN, ownership: { resource: 'user', action: 'read', param: 'userId' } },
      schema: {
        summary: 'A blank document for the order form, for a strategic partner when one is named',
        params: UserIdParams,
        querystring: NewDocumentQuery,
        response: { 200: DocumentDraft },
      },
    },
    async (request): Promise<DocumentDraft> => {
      const { strategicPartnerId = null } = request.query;
      const partner = await partnerFormSettings(app.db, strategicPartnerId);
      if (strategicPartnerId && !partner) throw notFound(SAVE_MESSAGES.partnerNotFound);
      return {
        documentId: null,
        form: blankDocumentForm(),
        clientId: null,
        strategicPartnerId,
        originalDocumentId: null,
        partner,
        requiresPurchase: !isCompliance(request.caller) && !(partner?.bypassShoppingCart ?? false),
      };
    },
  );
};

export default epop;
