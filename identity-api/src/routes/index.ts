import type { FastifyInstance } from 'fastify';
import { localJwksVerifier, routeContract } from 'service-kit';
import type { Config } from '../config.js';
import { API_RESOURCE } from '../oidc/resource.js';
import { publicSigningKeys } from '../oidc/secrets.js';
import authenticationRoutes from './authentication/index.js';
import temporaryUserTokenRoutes from './temporary-user-token/index.js';
import { accountPolicies } from './user/policy.js';
import userRoutes from './user/index.js';
import userLinkRoutes from './user/links.js';

/**
 * The account API the browser reaches through the gateway (`/api/<path>` → `/<path>`). One
 * encapsulated scope: the route contract (schemas, access, ownership) and the bearer check apply to
 * these routes only, not to /oidc or /healthz. Bearers are verified against our own signing keys,
 * read from the database (no HTTP round trip to ourselves): issuer, audience, type `at+jwt`, expiry.
 */
export default async function accountRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const keys = await publicSigningKeys(app.identityDb);
  await app.register(routeContract, {
    verify: localJwksVerifier(keys, { issuer: config.issuer, audience: API_RESOURCE, typ: 'at+jwt' }),
    policies: accountPolicies,
  });
  await app.register(userRoutes, { config });
  await app.register(userLinkRoutes);
  await app.register(authenticationRoutes, { config });
  await app.register(temporaryUserTokenRoutes);
}
