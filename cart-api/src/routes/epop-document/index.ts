import { notFound, withPaging, type FastifyPluginAsyncTypebox } from 'service-kit';
import { RecordOrUserIdParams, SIGNED_IN } from '../../lib/contract.js';
import { DOCUMENT_NOT_FOUND } from './policy.js';
import { documentById, listOwnedDocuments } from './queries.js';
import { DocumentPageOrDocument, DocumentQuery } from './schemas.js';

/** The documents of the specs (specs/1-foundation.md "Orders and documents list", 2-documents.md §7). */
const epopDocument: FastifyPluginAsyncTypebox = async (app) => {
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
};

export default epopDocument;
