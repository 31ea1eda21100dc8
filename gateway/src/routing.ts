/**
 * THE routing table of the gateway: which upstream owns an `/api/*` path and which paths a guest may
 * call. Paths here are the specs' paths without the `/api` prefix and without a leading slash
 * (`order`, `user/42`), already checked by `isSafeApiPath`.
 *
 * The table reads a path as the services' router (find-my-way, Fastify's defaults, service-kit's
 * createService) will: byte for byte, case-sensitive, `;` an ordinary character, a doubled or trailing
 * slash an empty segment that a `:name` parameter matches. The one thing that router does beyond
 * that, decoding percent-escapes, `isSafeApiPath` takes away: a percent-encoded unreserved character
 * is refused, so every literal segment (all unreserved characters) has one spelling, and the path a
 * limit counts is the path the service routes (README "Limits").
 */

export type Upstream = 'identity' | 'cart';

/**
 * The per-client-address limits of public routes, each with its own counter:
 * - `account-route`: a guest's account calls (registration, password reset, first-time setup), so
 *   nobody can fill a mailbox with passcodes or try passcodes and usernames at speed;
 * - `page-view`: page views, which anyone may write, so nobody can fill cart-api's table;
 * - `payment`: card and ACH purchases, so nobody can try card or account numbers at speed;
 * - `promo-code`: applying promo codes, so nobody can guess codes at speed.
 */
export type RouteLimit = 'account-route' | 'page-view' | 'payment' | 'promo-code';

export interface ApiRoute {
  upstream: Upstream;
  /** Callable without a session (the guest screens' needs). */
  public: boolean;
  /** The per-address limit that counts this call, if any (one counter per kind). */
  limit: RouteLimit | undefined;
}

/**
 * Owned by identity-api: accounts, credentials, user search and links; except `user/{userId}/company`
 * (a user's companies: cart-api's data, like `company/{companyId}/user`). Everything else is cart-api's,
 * `internal/…` included: identity-api's service routes (cart-api's client-credentials calls) are
 * never the browser's, so they must never be routed there (test/proxy/internal-routes.cases.ts).
 */
function upstreamOf(segments: readonly string[]): Upstream {
  const [first] = segments;
  // A user's companies are cart-api's (it joins its companies with identity-api's users).
  if (first === 'user' && segments.length === 3 && segments[2] === 'company') return 'cart';
  if (first === 'user') return 'identity';
  if (first === 'authentication' && segments.length > 1) return 'identity';
  if (first === 'temporary-user-token' && segments.length === 1) return 'identity';
  return 'cart';
}

interface PublicRoute {
  method: string;
  /**
   * Segments; `:name` matches any one segment, the empty one too (as find-my-way does:
   * `shopping-cart//purchase/card` is the card purchase of user ''). The query string is never matched.
   */
  pattern: string;
  /** The per-address limit that counts it (ApiRoute.limit). */
  limit?: RouteLimit;
}

/** What a guest may call. Everything else under /api/* needs a session. */
export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  { method: 'GET', pattern: 'system-message' },
  { method: 'GET', pattern: 'system-message/config/app' },
  { method: 'GET', pattern: 'system-message/config/refresh-token' },
  // The guides the configuration links (a plain link reaches them at the gateway's /guides/ too).
  { method: 'GET', pattern: 'system-message/guide/pop-implementation-guide.pdf' },
  { method: 'GET', pattern: 'system-message/guide/employee-quick-reference-guide.pdf' },
  // Account creation and password reset (specs/1-foundation.md §7 "Account").
  { method: 'POST', pattern: 'user', limit: 'account-route' },
  { method: 'GET', pattern: 'user/exists', limit: 'account-route' },
  { method: 'GET', pattern: 'authentication/password/reset', limit: 'account-route' },
  { method: 'POST', pattern: 'authentication/password/reset', limit: 'account-route' },
  { method: 'GET', pattern: 'temporary-user-token', limit: 'account-route' },
  { method: 'POST', pattern: 'user/:userId/token/:token', limit: 'account-route' },
  // An e-mail verification link, opened from the mailbox in any browser (identity-api "E-mail addresses").
  { method: 'POST', pattern: 'user/verify-email', limit: 'account-route' },
  // Page views are counted for guests too; a signed-in browser's bearer still goes along.
  { method: 'POST', pattern: 'page-view', limit: 'page-view' },
];

/** Signed-in calls with a per-address limit of their own (the session is checked after). */
export const LIMITED_ROUTES: readonly Required<PublicRoute>[] = [
  { method: 'POST', pattern: 'shopping-cart/:userId/purchase/card', limit: 'payment' },
  { method: 'POST', pattern: 'shopping-cart/:userId/purchase/ach', limit: 'payment' },
  { method: 'POST', pattern: 'shopping-cart/:userId/promo-code/:code', limit: 'promo-code' },
];

/** A pattern split once: each part a literal segment, or null for `:name` (any segment, even empty). */
type CompiledPattern = readonly (string | null)[];

function compile(pattern: string): CompiledPattern {
  return pattern.split('/').map((part) => (part.startsWith(':') ? null : part));
}

function matches(parts: CompiledPattern, segments: readonly string[]): boolean {
  if (parts.length !== segments.length) return false;
  return parts.every((part, index) => part === null || part === segments[index]);
}

// Compiled when the module loads, not per request.
const compiled = (routes: readonly PublicRoute[]) =>
  routes.map((route) => ({ route, parts: compile(route.pattern) }));
const COMPILED_PUBLIC_ROUTES = compiled(PUBLIC_ROUTES);
const COMPILED_LIMITED_ROUTES = compiled(LIMITED_ROUTES);

function find(
  routes: ReturnType<typeof compiled>,
  method: string,
  segments: readonly string[],
): PublicRoute | undefined {
  // HEAD is GET without a body: a guest may HEAD what they may GET.
  const effective = method === 'HEAD' ? 'GET' : method;
  return routes.find(({ route, parts }) => route.method === effective && matches(parts, segments))?.route;
}

/** The route of `path` (no `/api`, no leading slash, no query). */
export function routeApi(method: string, path: string): ApiRoute {
  const segments = path.split('/');
  const open = find(COMPILED_PUBLIC_ROUTES, method.toUpperCase(), segments);
  const limited = open ?? find(COMPILED_LIMITED_ROUTES, method.toUpperCase(), segments);
  return { upstream: upstreamOf(segments), public: open !== undefined, limit: limited?.limit };
}

const ENCODED_ESCAPE = /%(2e|2f|5c|00)/i;

/** A percent-escape of an unreserved character (RFC 3986: ALPHA / DIGIT / - . _ ~), either hex case. */
const ENCODED_UNRESERVED = /%(3[0-9]|[46][1-9a-f]|[57][0-9a]|2d|2e|5f|7e)/i;

/**
 * Refuses anything that could leave its prefix once an upstream decodes it: dot segments, encoded
 * dots, slashes and backslashes (also double-encoded), backslashes, NUL and malformed escapes. And
 * anything the services' router would read otherwise than the routing table: a percent-encoded
 * unreserved character (`pr%6Fmo-code` is `promo-code` to find-my-way, which decodes once) and a `#`
 * (where find-my-way ends the path).
 */
export function isSafeApiPath(rawPath: string): boolean {
  if (ENCODED_UNRESERVED.test(rawPath) || rawPath.includes('#')) return false;
  let current = rawPath;
  for (let round = 0; round < 3; round++) {
    if (ENCODED_ESCAPE.test(current) || current.includes('\\')) return false;
    if (current.split('/').some((segment) => segment === '.' || segment === '..')) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return false;
    }
    if (decoded === current) return true;
    current = decoded;
  }
  // Still changing after three decodings: nobody legitimate encodes that deep.
  return false;
}

/**
 * Writes that carry a file instead of JSON (specs/3-admin.md: POST colonial/return-file, field
 * returnFile). Safe from cross-site forms all the same: a form cannot send the X-CSRF header.
 */
export const MULTIPART_ROUTES: readonly PublicRoute[] = [{ method: 'POST', pattern: 'colonial/return-file' }];

const COMPILED_MULTIPART_ROUTES = MULTIPART_ROUTES.map((route) => ({ route, parts: compile(route.pattern) }));

export function acceptsMultipart(method: string, path: string): boolean {
  const segments = path.split('/');
  return COMPILED_MULTIPART_ROUTES.some(
    ({ route, parts }) => route.method === method.toUpperCase() && matches(parts, segments),
  );
}
