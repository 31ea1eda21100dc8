import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  createAccessTokenVerifier,
  InvalidAccessTokenError,
  type AuthenticatedUser,
} from '../../lib/access-token.js';
import { unauthorized } from '../../lib/http-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every route but the public ones (see the authorization plugin). */
    user: AuthenticatedUser | null;
  }
}

export const MISSING_TOKEN_MESSAGE = 'Authentication required';
export const INVALID_TOKEN_MESSAGE = 'Invalid or expired access token';

/**
 * Verifies `Authorization: Bearer <JWT>` on every request to a non-public route and sets
 * request.user. Runs in onRequest, before validation, so an anonymous caller learns nothing
 * about a route's input rules.
 */
export default fp(
  async (app, options: { issuer: string; audience: string }) => {
    const verify = createAccessTokenVerifier(options);
    app.decorateRequest('user', null);

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      if (access === 'public') return;
      const token = bearerToken(request);
      if (access === 'optional') {
        // A guest, or a signed-in user whose token no longer verifies: either way the call goes on
        // as a guest's (what it records is worth less than failing the navigation).
        if (token) request.user = await verify(token).catch(() => null);
        return;
      }
      if (!token) throw unauthorized(MISSING_TOKEN_MESSAGE);
      try {
        request.user = await verify(token);
      } catch (error) {
        if (error instanceof InvalidAccessTokenError) {
          request.log.info({ reason: error.message }, 'access token refused');
          throw unauthorized(INVALID_TOKEN_MESSAGE);
        }
        throw error;
      }
    });
  },
  { name: 'authentication' },
);

function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** The signed-in caller of a non-public route. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthorized(MISSING_TOKEN_MESSAGE);
  return request.user;
}
