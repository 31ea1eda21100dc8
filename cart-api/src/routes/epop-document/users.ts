import { Type, Uuid, type FastifyPluginAsyncTypebox } from 'service-kit';
import { COMPLIANCE } from '../../lib/contract.js';

const DocumentParams = Type.Object({ documentId: Uuid() }, { additionalProperties: false });

/** Why a user sees a document (README "User links"). */
const DocumentAccess = Type.Union([
  Type.Literal('owner'),
  Type.Literal('broker'),
  Type.Literal('company user'),
]);

/** A user who sees a document (specs/3-admin.md §3 "User", and why). */
export const DocumentUser = Type.Object({
  userId: Type.String(),
  userName: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  role: Type.String({ description: "the effective role ('' for none)" }),
  access: Type.Array(DocumentAccess, {
    description:
      "owner: it is on their dashboard; broker: their client's; company user: linked to its client. Users linked to these (user links) see it too",
  }),
});

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
    async (request) => {
      const { documentId } = request.params;
      const document = await app.db
        .selectFrom('epop_document as d')
        .innerJoin('company as c', 'c.company_id', 'd.client_company_id')
        .select(['d.owner_user_id', 'c.broker_user_id', 'd.client_company_id'])
        .where('d.document_id', '=', documentId)
        .executeTakeFirstOrThrow();
      const companyUsers = await app.db
        .selectFrom('company_user')
        .select('user_id')
        .where('company_id', '=', document.client_company_id)
        .execute();
      const access = new Map<string, Set<'owner' | 'broker' | 'company user'>>();
      const grant = (userId: string | null, why: 'owner' | 'broker' | 'company user') => {
        if (userId) access.set(userId, new Set([...(access.get(userId) ?? []), why]));
      };
      grant(document.owner_user_id, 'owner');
      grant(document.broker_user_id, 'broker');
      for (const { user_id } of companyUsers) grant(user_id, 'company user');
      const users = await app.identity.lookupUsers([...access.keys()]);
      return users
        .map((user) => ({ ...user, access: [...access.get(user.userId)!] }))
        .sort((a, b) => `${a.lastName} ${a.firstName}`.localeCompare(`${b.lastName} ${b.firstName}`));
    },
  );
};

export default documentUsers;
