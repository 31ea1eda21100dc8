/**
 * Who may call a service route, declared per route as `config: { access }` (checked when the route
 * is added by service-kit's routeContract): `public`, `optional`, or the role groups allowed. One
 * type for both APIs, so their Fastify augmentations agree when one test suite loads both services.
 */
export type RouteAccess = 'public' | 'optional' | readonly ('compliance' | 'broker' | 'epop')[];
