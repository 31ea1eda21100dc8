import { ACCOUNT_MESSAGES } from 'shared-domain';
import {
  badRequest,
  EmptyBody,
  NoContent,
  notFound,
  Type,
  type FastifyPluginAsyncTypebox,
} from 'service-kit';
import { lookupUsers, type DirectoryUser } from '../../users/directory.js';
import { linkedUsers, linkUsers, unlinkUsers } from '../../users/links.js';
import { LinkedUserSchema, UserIdParams, UserPairParams } from './schemas.js';

/** The user links' refusals (the specs give none). */
export const USER_LINK_MESSAGES = {
  self: 'A user cannot be linked to themself',
} as const;

/** Compliance's back office only: any user id may be named (no ownership). */
const ADMIN = { access: ['compliance'], ownership: 'none' } as const;

const asLinkedUser = ({ username, ...user }: DirectoryUser) => ({ ...user, userName: username });

/**
 * `/admin/users` (specs/3-admin.md §2 Users, §7): the users linked to a user, link and unlink. A link
 * is mutual (users/links.ts); cart-api asks for it (POST internal/users/links) to let a linked user
 * see the documents of the user they are linked to.
 */
const userLinkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** Both users exist, or 404 (an unknown user id reads like any missing record). */
  async function existing(...userIds: string[]): Promise<DirectoryUser[]> {
    const found = await lookupUsers(app.identityDb, userIds);
    const byId = new Map(found.map((user) => [user.userId, user]));
    const users = userIds.map((userId) => byId.get(userId));
    if (users.some((user) => user === undefined)) throw notFound(ACCOUNT_MESSAGES.notFound);
    return users as DirectoryUser[];
  }

  app.get(
    '/user/:userId/linked-user',
    {
      config: ADMIN,
      schema: {
        summary: 'The users linked to a user (they see each other’s documents)',
        params: UserIdParams,
        response: { 200: Type.Array(LinkedUserSchema) },
      },
    },
    async (request) => {
      await existing(request.params.userId);
      return (await linkedUsers(app.identityDb, request.params.userId)).map(asLinkedUser);
    },
  );

  app.post(
    '/user/:userId/:otherUserId',
    {
      config: ADMIN,
      schema: {
        summary: "Links two users ('User Linked'); linking again changes nothing",
        params: UserPairParams,
        body: EmptyBody,
        response: { 200: LinkedUserSchema },
      },
    },
    async (request) => {
      const { userId, otherUserId } = request.params;
      if (userId === otherUserId) throw badRequest(USER_LINK_MESSAGES.self);
      const [, other] = await existing(userId, otherUserId);
      await linkUsers(app.identityDb, userId, otherUserId);
      return asLinkedUser(other!);
    },
  );

  // Unlinking users who are not linked leaves things as asked: 204 all the same.
  app.delete(
    '/user/:userId/:otherUserId',
    {
      config: ADMIN,
      schema: {
        summary: 'Unlinks two users',
        params: UserPairParams,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      const { userId, otherUserId } = request.params;
      await existing(userId, otherUserId);
      await unlinkUsers(app.identityDb, userId, otherUserId);
      return reply.status(204).send(null);
    },
  );
};

export default userLinkRoutes;
