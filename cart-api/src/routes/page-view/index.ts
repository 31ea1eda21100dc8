import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { PageViewPayload } from 'shared-domain';

const pageViewBody = {
  type: 'object',
  required: ['path'],
  additionalProperties: false,
  properties: {
    // A path of the app, never a query string (it could carry a one-time token).
    path: { type: 'string', minLength: 1, maxLength: 2048, pattern: '^/[^?#\\s]*$' },
  },
} as const;

/** POST page-view: the shell records every navigation, a guest's too (specs/1-foundation.md §2). */
const pageView: FastifyPluginAsync = async (app) => {
  app.post<{ Body: PageViewPayload }>(
    '/',
    { config: { access: 'optional' }, schema: { body: pageViewBody } },
    async (request, reply) => {
      await app.db
        .insertInto('page_view')
        .values({
          page_view_id: randomUUID(),
          path: request.body.path,
          user_id: request.user?.userId ?? null,
          viewed_at: new Date().toISOString(),
        })
        .execute();
      return reply.code(204).send();
    },
  );
};

export default pageView;
