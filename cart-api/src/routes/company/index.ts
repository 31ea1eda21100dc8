import { callerOf, EmptyBody, NoContent, notFound, Type, type FastifyPluginAsyncTypebox } from 'service-kit';
import { SIGNED_IN } from '../../lib/contract.js';
import { logChange } from '../../domain/clients/change-log.js';
import { MANAGE_USERS } from '../../domain/companies/policy.js';
import { companyUserIds, linkCompanyUser, unlinkCompanyUser } from '../../domain/companies/queries.js';
import { CompanyIdParams, CompanyUser, CompanyUserParams } from '../../contract/company.js';
import { companyUsers, knownUser } from '../../domain/companies/users.js';
import { COMPANY_USER_MESSAGES } from '../../domain/companies/messages.js';

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
    async (request) => companyUsers(app.identity, await companyUserIds(app.db, request.params.companyId)),
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
    async (request) => {
      const { companyId, userId } = request.params;
      const user = await knownUser(app.identity, userId);
      if (!user) throw notFound(COMPANY_USER_MESSAGES.userNotFound);
      await app.db.transaction().execute(async (trx) => {
        if (!(await linkCompanyUser(trx, companyId, userId))) return;
        await logChange(trx, {
          companyId,
          caller: callerOf(request),
          description: `User ${user.userName} (${user.email}) added to the company`,
        });
      });
      return user;
    },
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
      // The name for the log, asked before: a failure of identity-api leaves the user's id instead.
      const user = await knownUser(app.identity, userId).catch(() => undefined);
      await app.db.transaction().execute(async (trx) => {
        if (!(await unlinkCompanyUser(trx, companyId, userId))) return;
        await logChange(trx, {
          companyId,
          caller: callerOf(request),
          description: `User ${user ? `${user.userName} (${user.email})` : userId} removed from the company`,
        });
      });
      return reply.status(204).send(null);
    },
  );
};

export default company;
