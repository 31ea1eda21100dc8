import type { FastifyPluginAsync } from 'fastify';
import type { DocumentListRow, Page } from 'shared-domain';
import { userIdParam } from '../../lib/ids.js';
import { pagedSearchQuerystring, type PagedSearchQuery } from '../../lib/pagination.js';
import { listOwnedDocuments } from './queries.js';

/** GET /epop-document/:userId: 'My POP Documents' of that user (the owner, or compliance). */
const epopDocument: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { userId: string }; Querystring: PagedSearchQuery }>(
    '/:userId',
    {
      config: { access: 'owner' },
      schema: {
        params: { type: 'object', properties: { userId: userIdParam }, required: ['userId'] },
        querystring: pagedSearchQuerystring,
      },
    },
    async (request): Promise<Page<DocumentListRow>> =>
      listOwnedDocuments(app.db, request.params.userId, request.query),
  );
};

export default epopDocument;
