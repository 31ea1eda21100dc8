import httpProxy from '@fastify/http-proxy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_MESSAGES } from '../../messages.js';
import { isSafeApiPath, routeApi, type ApiRoute, type Upstream } from '../../routing.js';

export interface ApiProxyOptions {
  upstreams: Record<Upstream, string>;
}

/** Headers of the browser that never travel upstream (the session is the gateway's business). */
const DROPPED_REQUEST_HEADERS = [
  'cookie',
  'authorization',
  'x-csrf',
  'x-request-id',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'forwarded',
];

/** The spec path of a request: `/api/order?page=1` → `order`. */
function apiPath(url: string): string {
  const path = url.split('?', 1)[0]!;
  return path === '/api' ? '' : path.slice('/api/'.length);
}

/**
 * `/api/*` → identity-api or cart-api by the routing table, `/api` stripped, the rest unchanged.
 * The browser's credentials stay here; the session's bearer token goes up instead.
 */
export default async function apiProxy(app: FastifyInstance, options: ApiProxyOptions) {
  const routes = new WeakMap<FastifyRequest, ApiRoute>();

  // Before anything else looks at the path: nothing may climb out of its upstream's prefix.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') && request.url.split('?', 1)[0] !== '/api') return;
    const path = apiPath(request.url);
    if (!isSafeApiPath(path)) return reply.code(400).send({ message: GATEWAY_MESSAGES.invalidPath });
    routes.set(request, routeApi(request.method, path));
  });

  function routeOf(request: FastifyRequest): ApiRoute {
    return routes.get(request) ?? routeApi(request.method, apiPath(request.url));
  }

  async function authorize(request: FastifyRequest, reply: FastifyReply) {
    const route = routeOf(request);
    const signedIn = app.authentication.current(request) !== undefined;
    if (!signedIn) {
      if (route.public) return;
      return reply.code(401).send({ message: GATEWAY_MESSAGES.notSignedIn });
    }
    const fresh = await app.authentication.freshAccessToken(request, reply);
    if (fresh.ok) return;
    if (fresh.reason === 'unavailable')
      return reply.code(502).send({ message: GATEWAY_MESSAGES.unreachable });
    // The refresh was refused: the session is gone; a public route still works for the guest.
    if (route.public) return;
    return reply.code(401).send({ message: GATEWAY_MESSAGES.sessionExpired });
  }

  await app.register(httpProxy, {
    upstream: '',
    prefix: '/api',
    rewritePrefix: '/',
    // No OPTIONS: there is no CORS here, a preflight has nothing to ask for.
    httpMethods: ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT'],
    preHandler: authorize,
    replyOptions: {
      getUpstream: (request) => options.upstreams[routeOf(request as FastifyRequest).upstream],
      rewriteRequestHeaders: (request, headers) => {
        const upstreamHeaders: Record<string, string | string[] | undefined> = { ...headers };
        for (const name of DROPPED_REQUEST_HEADERS) delete upstreamHeaders[name];
        const auth = app.authentication.current(request as FastifyRequest);
        if (auth) upstreamHeaders.authorization = `Bearer ${auth.tokens.accessToken}`;
        upstreamHeaders['x-request-id'] = String(request.id);
        upstreamHeaders['x-forwarded-for'] = request.ip;
        return upstreamHeaders;
      },
      rewriteHeaders: (headers) => {
        const browserHeaders = { ...headers };
        delete browserHeaders['set-cookie'];
        return browserHeaders;
      },
      onError: (reply, { error }) => {
        reply.log.warn({ err: error }, 'upstream unavailable');
        return reply.code(502).send({ message: GATEWAY_MESSAGES.unreachable });
      },
    },
  });
}
