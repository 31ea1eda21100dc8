import fp from 'fastify-plugin';
import type { RouteAccess } from 'shared-domain/server';
import { forbidden } from '../../lib/http-error.js';

/**
 * Who may call a route. Every route must declare one (checked when the route is added), so no
 * route is ever left open by omission:
 * - `public`: anyone, no token (the login screen's calls);
 * - `optional`: anyone; `request.user` is set when a valid token comes along (page views);
 * - `authenticated`: any signed-in user;
 * - `owner`: the user named by the `:userId` path parameter, or anyone in the compliance group;
 * - `compliance`: the compliance group only (admin, compliance, iss, teammanager, ae).
 */
export type Access = RouteAccess;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

export const FORBIDDEN_MESSAGE = 'You do not have permission to perform this action';

export default fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      const access = route.config?.access;
      if (!access) throw new Error(`route ${route.method} ${route.url} declares no config.access`);
      if (access === 'owner' && !route.url.includes(':userId')) {
        throw new Error(`route ${route.method} ${route.url} is owner-only but has no :userId`);
      }
    });

    // Runs after authentication's onRequest hook (registration order), before validation.
    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      const user = request.user;
      if (access === 'public' || access === 'optional' || access === undefined || !user) return; // 404s, and public routes
      if (user.roleGroup === 'compliance') return;
      if (access === 'compliance') throw forbidden(FORBIDDEN_MESSAGE);
      if (access === 'owner') {
        const { userId } = request.params as { userId?: string };
        if (userId !== user.userId) throw forbidden(FORBIDDEN_MESSAGE);
      }
    });
  },
  { name: 'authorization', dependencies: ['authentication'] },
);
