import { callerOf, EmptyBody, NoContent, Type, type FastifyPluginAsyncTypebox } from 'service-kit';
import { SIGNED_IN } from '../../lib/contract.js';
import { MANAGE_USERS } from '../../domain/companies/policy.js';
import { CompanyIdParams, CompanyUser, CompanyUserParams } from '../../contract/company.js';
import { addCompanyUser, companyUsersOf, removeCompanyUser } from '../../domain/companies/users.js';

const USER_LINK = (action: string) => ({ resource: 'user-link', action, param: 'companyId' }) as const;

/**
 * The company users panel (specs/2-documents.md §2 "Other dialogs", §7): who may act for a company.
 * Whoever may see the company reads the list; compliance and the company's broker add and remove
 * (the `user-link` policy). A linked employer acts on the company's records (the ownership policies).
 */
const company: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:companyId/user',
    {
      config: { access: SIGNED_IN, ownership: USER_LINK('read') },
      schema: {
        summary: "The company's users, by name (names and e-mail from identity-api)",
        params: CompanyIdParams,
        response: { 200: Type.Array(CompanyUser) },
      },
    },
    async (request) => companyUsersOf(app.db, app.identity, request.params.companyId),
  );

  app.post(
    '/:companyId/user/:userId',
    {
      config: { access: SIGNED_IN, ownership: USER_LINK(MANAGE_USERS) },
      schema: {
        summary: 'Add User: links a user of identity-api to the company (again: no change)',
        params: CompanyUserParams,
        body: EmptyBody,
        response: { 200: CompanyUser },
      },
    },
    async (request) =>
      addCompanyUser(
        app.db,
        app.identity,
        callerOf(request),
        request.params.companyId,
        request.params.userId,
      ),
  );

  // Removing a user who is not linked leaves things as asked: 204 all the same.
  app.delete(
    '/:companyId/user/:userId',
    {
      config: { access: SIGNED_IN, ownership: USER_LINK(MANAGE_USERS) },
      schema: {
        summary: 'Remove Access: unlinks a user from the company (they no longer see its documents)',
        params: CompanyUserParams,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      const { companyId, userId } = request.params;
      await removeCompanyUser(app.db, app.identity, callerOf(request), companyId, userId);
      return reply.status(204).send(null);
    },
  );
};

export default company;
