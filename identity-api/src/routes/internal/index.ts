import type { FastifyInstance } from 'fastify';
import {
  localJwksVerifier,
  localServiceVerifier,
  routeContract,
  ValidationFailure,
  type FastifyPluginAsyncTypebox,
} from 'service-kit';
import type { Config } from '../../config.js';
import { API_RESOURCE } from '../../oidc/resource.js';
import { publicJwks, type KeySet } from '../../oidc/keys.js';
import { lookupUsers } from '../../users/directory.js';
import { inviteEmployer } from '../../users/invite-employer.js';
import { foundBy } from '../../users/finds.js';
import { linkedUsers } from '../../users/links.js';
import { referralIdsOf } from '../../users/login-record.js';
import {
  FoundAnswer,
  FoundBody,
  InviteAnswer,
  InviteBody,
  LinksAnswer,
  LinksBody,
  LookupAnswer,
  LookupBody,
  ReferralsAnswer,
} from './schemas.js';

const SERVICE = { access: 'service', ownership: 'none' } as const;

const userRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  app.post(
    '/internal/users/lookup',
    {
      config: SERVICE,
      schema: {
        summary: 'The users with these ids (names for a company’s users); unknown ids are left out',
        body: LookupBody,
        response: { 200: LookupAnswer },
      },
    },
    async (request) => {
      const users = await lookupUsers(app.identityDb, request.body.userIds);
      return { users: users.map(({ username, ...user }) => ({ ...user, userName: username })) };
    },
  );

  // cart-api's ownership rules: a linked user sees the documents of the users linked to them.
  app.post(
    '/internal/users/links',
    {
      config: SERVICE,
      schema: {
        summary: 'The users linked to a user, with their roles (an unknown user has none)',
        body: LinksBody,
        response: { 200: LinksAnswer },
      },
    },
    async (request) => {
      const users = await linkedUsers(app.identityDb, request.body.userId);
      return { users: users.map(({ userId, role }) => ({ userId, role })) };
    },
  );

  // cart-api's partner entitlement: registered or signed in through a partner's referral link.
  app.post(
    '/internal/users/referrals',
    {
      config: SERVICE,
      schema: {
        summary: 'The referral ids a user brought, at registration or with a sign-in (an unknown user: none)',
        body: LinksBody,
        response: { 200: ReferralsAnswer },
      },
    },
    async (request) => ({ referralIds: await referralIdsOf(app.identityDb, request.body.userId) }),
  );

  // cart-api shows a broker a user's name and e-mail only when linked with them or found exactly.
  app.post(
    '/internal/users/found',
    {
      config: SERVICE,
      schema: {
        summary: 'Which of these users the searcher found lately by their exact username or e-mail address',
        body: FoundBody,
        response: { 200: FoundAnswer },
      },
    },
    async (request) => ({
      userIds: await foundBy(app.identityDb, request.body.searcherId, request.body.userIds),
    }),
  );

  // identity-api sends no e-mail here: cart-api's one invitation e-mail carries both links.
  app.post(
    '/internal/users/invite',
    {
      config: SERVICE,
      schema: {
        summary: 'The account with this e-mail address, or a new employer account with its first-login link',
        body: InviteBody,
        response: { 200: InviteAnswer },
      },
    },
    async (request) => {
      const { firstName, lastName } = request.body;
      const blank = [
        ...(firstName.trim() ? [] : ['firstName must not be blank']),
        ...(lastName.trim() ? [] : ['lastName must not be blank']),
      ];
      if (blank.length > 0) throw new ValidationFailure(blank);
      return inviteEmployer(app.identityDb, config, request.body);
    },
  );
};

/**
 * The service routes: cart-api, server to server, with its client-credentials token (client
 * `CART_API_CLIENT_ID`). Their own scope, apart from the account routes the browser reaches: a
 * user's token is refused (403) whatever its role, and the gateway never routes `/api/internal/…`
 * here (its routing table sends `internal` to cart-api).
 */
export default async function internalRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const verifierOptions = { issuer: config.issuer, audience: API_RESOURCE, typ: 'at+jwt' };
  // Rebuilt with each key set the key ring applies (every published key verifies).
  const verifiers = (keySet: KeySet) => {
    const keys = publicJwks(keySet);
    return {
      user: localJwksVerifier(keys, verifierOptions),
      service: localServiceVerifier(keys, { ...verifierOptions, clientIds: [config.cartApiClientId] }),
    };
  };
  let current = verifiers(app.keyRing.set);
  app.keyRing.onChange((keySet) => {
    current = verifiers(keySet);
  });
  await app.register(routeContract, {
    verify: (token) => current.user(token),
    verifyService: (token) => current.service(token),
    policies: {},
  });
  await app.register(userRoutes, { config });
}
