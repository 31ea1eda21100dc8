import { EmptyBody, Type, Uuid, type FastifyPluginAsyncTypebox } from 'service-kit';
import { COMPLIANCE } from '../../lib/contract.js';
import { deactivateDocument, reactivateDocument } from '../../domain/documents/lifecycle.js';

const DocumentParams = Type.Object({ documentId: Uuid() }, { additionalProperties: false });
const DeactivateBody = Type.Object(
  {
    reason: Type.String({ maxLength: 500, description: 'why (required; the change log keeps it)' }),
    allowRepayment: Type.Optional(
      Type.Boolean({ description: 'the client gets an action item to buy it again (not for Colonial)' }),
    ),
    sendTo: Type.Optional(
      Type.String({
        maxLength: 200,
        description: "who is told to buy it again (default: the document's primary e-mail)",
      }),
    ),
  },
  { additionalProperties: false, examples: [{ reason: 'Requested by the employer', allowRepayment: false }] },
);
const LifecycleAnswer = Type.Object({
  documentId: Uuid(),
  status: Type.String(),
  message: Type.String(),
});

/**
 * Deactivate and Reactivate (specs/2-documents.md §2, §4; issue 11): compliance only. Deactivation
 * takes a Paid document off the client's and the broker's dashboards; Reactivate gives back the
 * status it had. Each change writes the client's change log.
 */
const lifecycle: FastifyPluginAsyncTypebox<{ appUrl: string }> = async (app, { appUrl }) => {
  app.post(
    '/:documentId/deactivate',
    {
      config: {
        access: COMPLIANCE,
        ownership: { resource: 'document', action: 'deactivate', param: 'documentId' },
      },
      schema: {
        summary:
          'Deactivate a Paid document (off the dashboards), optionally letting the client buy it again',
        params: DocumentParams,
        body: DeactivateBody,
        response: { 200: LifecycleAnswer },
      },
    },
    async (request) => {
      const answer = await deactivateDocument(
        { db: app.db, appUrl, now: () => app.now() },
        request.caller!,
        request.params.documentId,
        request.body,
      );
      // The e-mail to buy it again, if any, is sent now rather than at the next poll.
      app.jobs.wake();
      return answer;
    },
  );

  app.post(
    '/:documentId/reactivate',
    {
      config: {
        access: COMPLIANCE,
        ownership: { resource: 'document', action: 'reactivate', param: 'documentId' },
      },
      schema: {
        summary: 'Reactivate a deactivated document: the status it had before, back on the dashboards',
        params: DocumentParams,
        body: EmptyBody,
        response: { 200: LifecycleAnswer },
      },
    },
    async (request) =>
      reactivateDocument({ db: app.db, now: () => app.now() }, request.caller!, request.params.documentId),
  );
};

export default lifecycle;
