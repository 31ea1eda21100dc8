import { NoContent, type FastifyPluginAsyncTypebox } from 'service-kit';
import { recordPageView } from '../../domain/page-views/queries.js';
import { PageViewBody } from '../../contract/page-view.js';

/** POST page-view: the shell records every navigation, a guest's too (specs/1-foundation.md §2). */
const pageView: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '',
    {
      config: { access: 'optional', ownership: 'none' },
      schema: {
        summary: 'Record a navigation (the app path; a signed-in caller is recorded as such)',
        body: PageViewBody,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await recordPageView(app.db, request.body.path, request.caller?.userId ?? null);
      return reply.code(204).send(null);
    },
  );
};

export default pageView;
