import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalJWKSet, errors, jwtVerify, type JWK } from 'jose';
import type { RouteAccess } from 'shared-domain/server';
import type { Config } from '../../config.js';
import { API_RESOURCE } from '../../oidc/resource.js';
import { signingKeys } from '../../oidc/secrets.js';
import { HttpError } from '../../routes/answers.js';

/**
 * Who may call an account route; every route in this scope must say (checked when it is added):
 * `public` (guests: registration, reset, first-login setup) or `owner` (a bearer whose `sub` is the
 * route's `:userId`).
 */
export type Access = Extract<RouteAccess, 'public' | 'owner'>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

export const MISSING_TOKEN_MESSAGE = 'Authentication required';
export const INVALID_TOKEN_MESSAGE = 'Invalid or expired access token';
export const FORBIDDEN_MESSAGE = 'You do not have permission to perform this action';

// Members of a private JWK; what is left is the public key.
const PRIVATE_MEMBERS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']);

/**
 * Verifies the gateway-forwarded `Authorization: Bearer <JWT access token>` against our own signing
 * keys, read from the database (no HTTP round trip to ourselves): issuer, audience `urn:pop:api`,
 * type `at+jwt`, expiry. Runs in onRequest, so an anonymous caller learns nothing about input rules.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const keys = (await signingKeys(app.identityDb)).map(
      (key) => Object.fromEntries(Object.entries(key).filter(([name]) => !PRIVATE_MEMBERS.has(name))) as JWK,
    );
    const jwks = createLocalJWKSet({ keys });

    app.addHook('onRoute', (route) => {
      const access = route.config?.access;
      if (access !== 'public' && access !== 'owner') {
        throw new Error(`route ${route.method} ${route.url} must declare config.access 'public' or 'owner'`);
      }
      if (access === 'owner' && !route.url.includes(':userId')) {
        throw new Error(`route ${route.method} ${route.url} is owner-only but has no :userId`);
      }
    });

    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config.access !== 'owner') return;
      const token = bearerToken(request);
      if (!token) throw new HttpError(401, MISSING_TOKEN_MESSAGE);
      let subject: unknown;
      try {
        const { payload } = await jwtVerify(token, jwks, {
          issuer: config.issuer,
          audience: API_RESOURCE,
          typ: 'at+jwt',
          clockTolerance: 5,
        });
        subject = payload.sub;
      } catch (error) {
        if (!(error instanceof errors.JOSEError)) throw error;
        request.log.info({ reason: error.code }, 'access token refused');
        throw new HttpError(401, INVALID_TOKEN_MESSAGE);
      }
      if (typeof subject !== 'string' || subject === '') throw new HttpError(401, INVALID_TOKEN_MESSAGE);
      const { userId } = request.params as { userId?: string };
      if (subject !== userId) throw new HttpError(403, FORBIDDEN_MESSAGE);
    });
  },
  { name: 'authentication', dependencies: ['db'] },
);

function bearerToken(request: FastifyRequest): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
}
