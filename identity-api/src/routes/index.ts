import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import authentication from '../plugins/app/authentication.js';
import authenticationRoutes from './authentication/index.js';
import temporaryUserTokenRoutes from './temporary-user-token/index.js';
import userRoutes from './user/index.js';

/**
 * The account API the browser reaches through the gateway (`/api/<path>` → `/<path>`). One
 * encapsulated scope: the bearer check and its "every route declares its access" rule apply to
 * these routes only, not to /oidc or /healthz.
 */
export default async function accountRoutes(app: FastifyInstance, { config }: { config: Config }) {
  await app.register(authentication, { config });
  await app.register(userRoutes);
  await app.register(authenticationRoutes, { config });
  await app.register(temporaryUserTokenRoutes);
}
