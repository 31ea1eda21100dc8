import { NoContent, type FastifyPluginAsyncTypebox } from 'service-kit';
import { SIGNED_IN } from '../../lib/contract.js';
import { DraftAnswer, DraftBody, DraftQuery, SavedDraft } from '../../contract/document-draft.js';
import { deleteDraft, getDraft, saveDraft } from '../../domain/drafts/drafts.js';

/**
 * The largest draft accepted: every field of the form at its longest fits (500 characters each);
 * anything more answers 413 before it is read.
 */
const DRAFT_BODY_LIMIT = 256 * 1024;

/**
 * `document-draft?form=…` (issue 24 item 1; README "Order form drafts"): the order form's unsaved
 * answers, autosaved while it is filled in. No path names a user: the draft is always the caller's
 * own (the token's subject is half of its key), so no one reads or removes another's. Saving one for
 * a record checks the caller may open that record's form.
 */
const documentDraft: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    {
      config: { access: SIGNED_IN, ownership: 'none' },
      schema: {
        summary: "The caller's unsaved answers of an order form (null when none, or older than 30 days)",
        querystring: DraftQuery,
        response: { 200: DraftAnswer },
      },
    },
    async (request): Promise<DraftAnswer> => ({
      draft: await getDraft(app.db, request.caller!, request.query.form, app.now()),
    }),
  );

  app.put(
    '',
    {
      bodyLimit: DRAFT_BODY_LIMIT,
      config: { access: SIGNED_IN, ownership: 'none' },
      schema: {
        summary: "Save the caller's unsaved answers of an order form (replaces the previous draft)",
        querystring: DraftQuery,
        body: DraftBody,
        response: { 200: SavedDraft },
      },
    },
    async (request): Promise<SavedDraft> =>
      saveDraft(app.db, request.caller!, request.query.form, request.body, app.now()),
  );

  app.delete(
    '',
    {
      config: { access: SIGNED_IN, ownership: 'none' },
      schema: {
        summary: "Discard the caller's unsaved answers of an order form (none is no error)",
        querystring: DraftQuery,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await deleteDraft(app.db, request.caller!, request.query.form);
      return reply.code(204).send(null);
    },
  );
};

export default documentDraft;
