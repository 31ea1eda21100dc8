import { Type, Uuid, type FastifyPluginAsyncTypebox } from 'service-kit';
import { SIGNED_IN, UserIdParams } from '../../lib/contract.js';
import { DocumentDraft } from '../../contract/epop-document.js';
import { newDocumentDraft } from '../../domain/documents/drafts.js';

const NewDocumentQuery = Type.Object(
  { strategicPartnerId: Type.Optional(Uuid({ description: 'the partner the document is sold through' })) },
  { additionalProperties: false },
);

/**
 * `GET epop/document/new/{userId}` (specs/2-documents.md §7): the blank document the order form
 * opens at /document/new, or /document/new/{strategicPartnerId} with the partner's settings (for an
 * account entitled to the partner; anyone else gets the standard form). It needs a purchase unless
 * compliance creates it (free) or the partner bypasses the cart.
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
    async (request): Promise<DocumentDraft> =>
      newDocumentDraft(app, request.caller, request.query.strategicPartnerId ?? null),
  );
};

export default epop;
