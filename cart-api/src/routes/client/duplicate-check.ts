import { sql } from 'kysely';
import { notFound, Type, type FastifyPluginAsyncTypebox } from 'service-kit';
import { SIGNED_IN } from '../../lib/contract.js';
import { isCompliance } from '../../policies/rules.js';
import { clientDetails } from './details.js';
import { ClientDetails } from './schemas.js';

const TaxIdParams = Type.Object(
  {
    taxIdWithoutDash: Type.String({
      pattern: '^[0-9]{9}$',
      maxLength: 9,
      description: 'nine digits, no dash',
    }),
  },
  { additionalProperties: false },
);
const DuplicateCheckQuery = Type.Object(
  {
    onError: Type.Optional(
      Type.Literal('no-content', { description: 'no match: 204 instead of 404 (the order form asks so)' }),
    ),
  },
  { additionalProperties: false },
);

/**
 * `GET client/duplicate-check/{taxIdWithoutDash}?onError=no-content` (specs/2-documents.md §4
 * "Duplicate tax id"): the existing client with that federal tax id, whose company fields the order
 * form adopts on Continue. Only among the clients the caller looks after (a broker's, an employer's
 * own companies; compliance: all): another broker's client is not disclosed, it reads as no match.
 */
const duplicateCheck: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/duplicate-check/:taxIdWithoutDash',
    {
      config: { access: SIGNED_IN, ownership: 'none' },
      schema: {
        summary: 'The client (of the caller) with a federal tax id, for the order form',
        params: TaxIdParams,
        querystring: DuplicateCheckQuery,
        response: { 200: ClientDetails, 204: Type.Null({ description: 'no match (onError=no-content)' }) },
      },
    },
    async (request, reply) => {
      const caller = request.caller!;
      const digits = request.params.taxIdWithoutDash;
      // Stored as the mask shows it (##-#######).
      const taxId = `${digits.slice(0, 2)}-${digits.slice(2)}`;
      let query = app.db
        .selectFrom('company as c')
        .select('c.company_id')
        .where('c.kind', '=', 'client')
        .where('c.federal_tax_id', '=', taxId);
      if (!isCompliance(caller)) {
        query = query.where((eb) =>
          eb.or([
            eb('c.broker_user_id', '=', caller.userId),
            eb.exists(
              eb
                .selectFrom('company_user as cu')
                .select(sql<number>`1`.as('one'))
                .whereRef('cu.company_id', '=', 'c.company_id')
                .where('cu.user_id', '=', caller.userId),
            ),
          ]),
        );
      }
      const match = await query.orderBy('c.created_at', 'desc').limit(1).executeTakeFirst();
      const client = match && (await clientDetails(app.db, match.company_id));
      if (client) return client;
      if (request.query.onError === 'no-content') return reply.code(204).send(null);
      throw notFound('Client not found');
    },
  );
};

export default duplicateCheck;
