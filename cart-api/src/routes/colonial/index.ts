import { EmptyBody, Type, Uuid, type FastifyPluginAsyncTypebox } from 'service-kit';
import { COMPLIANCE } from '../../lib/contract.js';
import bcnRoutes from './bcn.js';
import billFileRoutes from './bill-file.js';
import { processNoPay } from '../../domain/colonial/no-pay.js';
import returnFileRoutes from './return-file.js';

const NoPayParams = Type.Object(
  {
    reasonCode: Type.String({
      pattern: '^[A-Za-z0-9]{1,10}$',
      maxLength: 10,
      description: 'a no-pay reason code (N1 …)',
    }),
    documentId: Uuid(),
  },
  { additionalProperties: false },
);

/**
 * `POST colonial/no-pay/{reasonCode}/{documentId}` (specs/2-documents.md §4 "Deactivation", 3-admin.md
 * §4): compliance removes a Colonial document's client from Colonial with a reason. The document
 * becomes Inactive (Reactivate gives its status back), the client leaves the partner, the change log
 * says why; N1 and N3 give the client a `colonial-cancellation-purchase` item and an e-mail to buy it.
 */
const colonial: FastifyPluginAsyncTypebox<{ appUrl: string }> = async (app, { appUrl }) => {
  await app.register(billFileRoutes);
  await app.register(bcnRoutes);
  // Its own plugin: @fastify/multipart is registered for the upload route only.
  await app.register(returnFileRoutes);
  app.post(
    '/no-pay/:reasonCode/:documentId',
    {
      config: {
        access: COMPLIANCE,
        ownership: { resource: 'document', action: 'no-pay', param: 'documentId' },
      },
      schema: {
        summary: "Remove a Colonial document's client from Colonial with a no-pay reason",
        params: NoPayParams,
        body: EmptyBody,
        response: {
          200: Type.Object({
            message: Type.String(),
            documentId: Uuid(),
            clientId: Uuid(),
            reasonCode: Type.String(),
          }),
        },
      },
    },
    async (request) => {
      const { reasonCode, documentId } = request.params;
      const answer = await processNoPay(
        { db: app.db, appUrl, now: app.now() },
        request.caller!,
        reasonCode,
        documentId,
      );
      // The e-mail to purchase it, if any, is sent now rather than at the next poll.
      app.jobs.wake();
      return answer;
    },
  );
};

export default colonial;
