import { Type, Uuid, type FastifyPluginAsyncTypebox } from 'service-kit';
import { COMPLIANCE } from '../../lib/contract.js';
import { DocumentUser } from '../../contract/epop-document.js';
import { documentUsers as usersOfDocument } from '../../domain/documents/users.js';

const DocumentParams = Type.Object({ documentId: Uuid() }, { additionalProperties: false });

/**
 * `GET epop-document/{documentId}/user` (specs/3-admin.md §7 Users and companies): who sees a document
 * in their own right: its owner, its client's broker and its client's company users, with names from
 * identity-api. Compliance only.
 */
const documentUsers: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:documentId/user',
    {
      config: {
        access: COMPLIANCE,
        ownership: { resource: 'document', action: 'read-users', param: 'documentId' },
      },
      schema: {
        summary: 'The users who see a document in their own right (owner, broker, company users)',
        params: DocumentParams,
        response: { 200: Type.Array(DocumentUser) },
      },
    },
    async (request) => usersOfDocument(app.db, app.identity, request.params.documentId),
  );
};

export default documentUsers;
