import type { IncomingHttpHeaders } from 'node:http';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import httpProxy from '@fastify/http-proxy';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES } from 'shared-domain';
import { GATEWAY_MESSAGES } from '../../messages.js';
import { upstreamErrors, type UpstreamErrorKind } from '../../plugins/app/observability.js';
import {
  acceptsMultipart,
  isSafeApiPath,
  routeApi,
  type ApiRoute,
  type RouteLimit,
  type Upstream,
} from '../../routing.js';

export interface ApiProxyOptions {
  upstreams: Record<Upstream, string>;
  /** Largest body forwarded (bytes); larger ones get 413 here. */
  bodyLimit: number;
  /** Largest body of an upload route (routing's MULTIPART_ROUTES) forwarded; larger ones get 413 here. */
  uploadBodyLimit: number;
  /** Calls allowed per client address and minute, by the route's limit (ApiRoute.limit). */
  rateLimits: Record<RouteLimit, number>;
  /** How long an upstream may take to send its answer's headers (and each part of its body). */
  timeoutMs: number;
}

/**
 * The only browser headers that travel upstream. An allow-list: hop-by-hop headers (undici refuses
 * `expect`, `upgrade`, `keep-alive`...), credentials (cookie, authorization: the gateway sends its own
 * bearer) and spoofable client-address headers (x-forwarded-*, forwarded, x-real-ip...) stay here.
 */
const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'content-type',
  'content-length',
  'if-match',
  'if-none-match',
  'if-modified-since',
  'if-unmodified-since',
  'range',
  'user-agent',
];

/**
 * The only upstream headers that reach the browser. Cookies, redirects, CORS grants, proxy
 * directives (x-accel-*) and security headers of an upstream never do: helmet's own headers and our
 * `Cache-Control: no-store` stand.
 */
const RETURNED_RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-disposition',
  'content-language',
  'content-range',
  'accept-ranges',
  'etag',
  'last-modified',
  'retry-after',
  'vary',
];

/** The error a too-large chunked body ends with, recognised in onError. */
class BodyTooLarge extends Error {
  readonly code = 'POP_BODY_TOO_LARGE';
}

/** Passes a request body through, failing once it grows past `limit` bytes. */
function limitBody(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > limit) callback(new BodyTooLarge('Request body is too large'));
      else callback(null, chunk);
    },
  });
}

/** The error and its causes, outermost first (reply-from wraps undici's). */
function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current instanceof Error && chain.length < 5; current = current.cause) {
    chain.push(current);
  }
  return chain;
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

const TIMEOUTS = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'FST_REPLY_FROM_TIMEOUT',
  'FST_REPLY_FROM_GATEWAY_TIMEOUT',
]);

/**
 * What a failed forward answers: 413 for a body past the limit, 400 when undici refused the request
 * itself (UND_ERR_INVALID_ARG: a header or body it cannot send), 504 when the upstream took longer
 * than the timeout, otherwise 502 (the upstream is away). Never a hang, never an HTML page.
 */
export function classifyUpstreamError(error: unknown): { status: 400 | 413 | 502 | 504; message: string } {
  const chain = causes(error);
  if (chain.some((cause) => cause instanceof BodyTooLarge)) {
    return { status: 413, message: GATEWAY_MESSAGES.bodyTooLarge };
  }
  if (chain.some((cause) => errorCode(cause) === 'UND_ERR_INVALID_ARG')) {
    return { status: 400, message: GATEWAY_MESSAGES.badRequest };
  }
  if (chain.some((cause) => TIMEOUTS.has(errorCode(cause) ?? ''))) {
    return { status: 504, message: GATEWAY_MESSAGES.unreachable };
  }
  return { status: 502, message: GATEWAY_MESSAGES.unreachable };
}

/** The kind of a failed forward, for `upstream_errors_total`; undefined when the request was at fault. */
export function upstreamErrorKind(error: unknown): UpstreamErrorKind | undefined {
  const answer = classifyUpstreamError(error);
  if (answer.status === 504) return 'timeout';
  if (answer.status !== 502) return undefined;
  // Every cause, not only Error instances: undici's may come from another realm (a test's VM).
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    if (errorCode(current) === 'ECONNREFUSED') return 'connection_refused';
    current = (current as { cause?: unknown }).cause;
  }
  return 'connection';
}

function pick(headers: IncomingHttpHeaders, names: readonly string[]): IncomingHttpHeaders {
  const picked: IncomingHttpHeaders = {};
  for (const name of names) if (headers[name] !== undefined) picked[name] = headers[name];
  return picked;
}

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
  // The 1 MiB limit of JSON bodies, raised for the upload routes alone (the Colonial return file).
  const isUpload = (request: FastifyRequest) => acceptsMultipart(request.method, apiPath(request.url));
  const limitOf = (request: FastifyRequest) =>
    isUpload(request) ? options.uploadBodyLimit : options.bodyLimit;
  const tooLarge = (request: FastifyRequest) =>
    isUpload(request)
      ? GATEWAY_MESSAGES.uploadTooLarge(Math.floor(options.uploadBodyLimit / (1024 * 1024)))
      : GATEWAY_MESSAGES.bodyTooLarge;
  const routes = new WeakMap<FastifyRequest, ApiRoute>();
  // Requests whose answer came from the upstream (its headers arrived): a 5xx of theirs is counted.
  const upstreamAnswered = new WeakSet<object>();
  const errors = upstreamErrors(app);
  if (errors) {
    app.addHook('onResponse', (request, reply, done) => {
      if (reply.statusCode >= 500 && upstreamAnswered.has(request)) {
        errors.inc({ upstream: routeOf(request).upstream, kind: '5xx' });
      }
      done();
    });
  }
  // One counter per kind of limit: page views never use up a guest's account calls, nor the reverse.
  const limiters = Object.fromEntries(
    (Object.entries(options.rateLimits) as [RouteLimit, number][]).map(([kind, max]) => [
      kind,
      app.createRateLimit({
        max,
        timeWindow: 60_000,
        keyGenerator: (request) => `${kind}:${normalizeIP(request.ip)}`,
      }),
    ]),
  ) as Record<RouteLimit, ReturnType<FastifyInstance['createRateLimit']>>;

  // Before anything else looks at the path: nothing may climb out of its upstream's prefix, and the
  // limits count the path the service will route (routing.ts).
  app.addHook('onRequest', async (request, reply) => {
    // The router decoded its way here (`/%61pi/…`, or the absolute form `http://host/api/…`): the
    // path checks and the limits read the raw path, so it has to be spelled as it is routed.
    if (!request.url.startsWith('/api/') && request.url.split('?', 1)[0] !== '/api') {
      return reply.code(400).send({ message: GATEWAY_MESSAGES.invalidPath });
    }
    const path = apiPath(request.url);
    if (!isSafeApiPath(path)) return reply.code(400).send({ message: GATEWAY_MESSAGES.invalidPath });
    // A declared length over the limit is refused before anything is read or forwarded.
    if (Number(request.headers['content-length'] ?? 0) > limitOf(request)) {
      // The rest of the body is never read: the connection cannot carry another request.
      return reply
        .code(413)
        .header('connection', 'close')
        .send({ message: tooLarge(request) });
    }
    const route = routeApi(request.method, path);
    routes.set(request, route);
    if (route.limit) {
      const limit = await limiters[route.limit](request);
      if (!limit.isAllowed && limit.isExceeded) {
        return reply
          .code(429)
          .header('retry-after', String(limit.ttlInSeconds))
          .send({ message: ACCOUNT_MESSAGES.tooManyAttempts });
      }
    }
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
    // Its "fetching from remote server" line carries the path, one-time tokens included; the
    // gateway's own (redacted) request log says the same.
    disableRequestLogging: true,
    // A slow upstream is given up on (504) instead of holding the browser's request open.
    undici: {
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      connect: { timeout: options.timeoutMs },
    },
    preHandler: async (request, reply) => {
      await authorize(request, reply);
      // Refused: the body is left unread (plugins/app/unread-body.ts discards it after the answer).
      if (reply.sent) return reply;
      // http-proxy hands the body on as a stream, outside Fastify's bodyLimit: count it here.
      if (request.body instanceof Readable) request.body = request.body.pipe(limitBody(limitOf(request)));
    },
    replyOptions: {
      getUpstream: (request) => options.upstreams[routeOf(request as FastifyRequest).upstream],
      rewriteRequestHeaders: (request, headers) => {
        const upstreamHeaders = pick(headers, FORWARDED_REQUEST_HEADERS);
        upstreamHeaders.host = headers.host;
        const auth = app.authentication.current(request as FastifyRequest);
        if (auth) upstreamHeaders.authorization = `Bearer ${auth.tokens.accessToken}`;
        upstreamHeaders['x-request-id'] = String(request.id);
        upstreamHeaders['x-forwarded-for'] = request.ip;
        return upstreamHeaders;
      },
      rewriteHeaders: (headers, request) => {
        if (request) upstreamAnswered.add(request);
        return pick(headers, RETURNED_RESPONSE_HEADERS);
      },
      onError: (reply, { error }) => {
        const answer = classifyUpstreamError(error);
        const kind = upstreamErrorKind(error);
        if (kind) errors?.inc({ upstream: routeOf(reply.request as FastifyRequest).upstream, kind });
        if (answer.status >= 502) reply.log.warn({ err: error }, 'upstream unavailable');
        else reply.log.info({ err: error }, 'request not forwarded');
        if (answer.status === 413) reply.header('connection', 'close');
        const message = answer.status === 413 ? tooLarge(reply.request as FastifyRequest) : answer.message;
        return reply.code(answer.status).send({ message });
      },
    },
  });
}
