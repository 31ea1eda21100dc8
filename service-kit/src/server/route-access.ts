/**
 * Who may call a service route, declared per route as `config: { access }` (checked when the route
 * is added by service-kit's routeContract): `public`, `optional`, `service` (another service, with
 * an OAuth client-credentials token; never a user), or the role groups allowed. One type for both
 * APIs, so their Fastify augmentations agree when one test suite loads both services.
 */
export type RouteAccess = 'public' | 'optional' | 'service' | readonly ('compliance' | 'broker' | 'epop')[];
