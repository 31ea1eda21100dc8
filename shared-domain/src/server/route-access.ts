/**
 * Who may call a service route, declared per route as `config: { access }` (checked when the route
 * is added). One vocabulary for both APIs, so their Fastify type augmentations agree when one test
 * suite loads both services:
 * - `public`: anyone, no token;
 * - `optional`: anyone; the user is taken from a valid token when one comes;
 * - `authenticated`: any signed-in user;
 * - `owner`: the user named by the `:userId` path parameter (cart-api: or the compliance group);
 * - `compliance`: the compliance group only.
 * Each service accepts the subset it implements, and augments FastifyContextConfig with
 * `access?: RouteAccess` (the same type in both, as TypeScript requires).
 */
export type RouteAccess = 'public' | 'optional' | 'authenticated' | 'owner' | 'compliance';
