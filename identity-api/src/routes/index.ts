import type { FastifyInstance } from 'fastify';
import { localJwksVerifier, routeContract } from 'service-kit';
import type { Config } from '../config.js';
import { API_RESOURCE } from '../oidc/resource.js';
import { publicJwks } from '../oidc/keys.js';
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
 * The keys follow the key ring: every published key verifies (current, next, retiring).
 */
export default async function accountRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const options = { issuer: config.issuer, audience: API_RESOURCE, typ: 'at+jwt' };
  let verifier = localJwksVerifier(publicJwks(app.keyRing.set), options);
  app.keyRing.onChange((keys) => {
    verifier = localJwksVerifier(publicJwks(keys), options);
  });
  await app.register(routeContract, {
    verify: (token) => verifier(token),
    policies: accountPolicies,
  });
  await app.register(userRoutes, { config });
  await app.register(userLinkRoutes);
  await app.register(authenticationRoutes, { config });
  await app.register(temporaryUserTokenRoutes);
}
