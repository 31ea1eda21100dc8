import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_HEADER } from 'shared-domain';
import { GATEWAY_MESSAGES } from '../../messages.js';
import { acceptsMultipart } from '../../routing.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Top-level navigations of the external sign-in (routes/bff/external.ts): a browser cannot add a
 * header to a redirect. They are GET only, change nothing the browser could be tricked into, and
 * the callback is protected by state + the flow cookie + PKCE instead.
 */
const NAVIGATIONS = new Set(['/bff/external/login', '/bff/callback']);

/** The API's documentation (routes/api-docs), read in a browser tab: GET only, it changes nothing. */
const DOCS = /^\/api\/(openapi\.json|docs(\/.*)?)$/;

function isNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?', 1)[0]!;
  return NAVIGATIONS.has(path) || DOCS.test(path);
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return request.headers['transfer-encoding'] !== undefined;
}

function mediaType(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

/**
 * The Origin a browser sent is ours when its host is the one the request was addressed to: the Host
 * header, or a trusted proxy's X-Forwarded-Host (TRUST_PROXY).
 */
function isForeignOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== request.host;
  } catch {
    return true; // `null` (sandboxed frames, file://) and garbage are foreign
  }
}

function apiPathOf(url: string): string | undefined {
  const path = url.split('?', 1)[0]!;
  return path.startsWith('/api/') ? path.slice('/api/'.length) : undefined;
}

/**
 * The CSRF defence of every /bff/* and /api/* request (ARCHITECTURE.md "Security model"): the custom
 * X-CSRF header (a cross-site form or image cannot send it, and a cross-origin fetch cannot without a
 * CORS preflight we never grant), JSON-only bodies on writes, and no foreign Origin on writes.
 * Registered inside the /bff + /api scope, so static files and /healthz are untouched.
 */
async function requestGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    if (isNavigation(request)) return;
    if (request.headers[CSRF_HEADER] !== '1') {
      return reply.code(403).send({ message: GATEWAY_MESSAGES.csrfMissing });
    }
    if (!WRITES.has(request.method)) return;
    if (isForeignOrigin(request)) {
      return reply.code(403).send({ message: GATEWAY_MESSAGES.foreignOrigin });
    }
    if (!hasBody(request)) return;
    const type = mediaType(request);
    if (type === 'application/json') return;
    const apiPath = apiPathOf(request.url);
    if (type === 'multipart/form-data' && apiPath !== undefined && acceptsMultipart(request.method, apiPath))
      return;
    return reply.code(415).send({ message: GATEWAY_MESSAGES.jsonRequired });
  });
  // Set once, above: an upstream's own Cache-Control never comes back (routes/api's header allow-list).
}

export default fp(requestGuard, { name: 'request-guard' });
