import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { bffOpenApi } from '../../lib/bff-openapi.js';
import { mergeOpenApi, type OpenApiDocument } from '../../lib/openapi-merge.js';
import { GATEWAY_MESSAGES } from '../../messages.js';

export interface ApiDocsOptions {
  upstreams: { identity: string; cart: string };
  access: 'open' | 'compliance' | 'off';
  timeoutMs: number;
  /** How long a merged document is served before the services are asked again. */
  cacheMs?: number;
}

async function fetchDocument(baseUrl: string, timeoutMs: number): Promise<OpenApiDocument> {
  const response = await fetch(`${baseUrl}/openapi.json`, { signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`${baseUrl}/openapi.json answered ${response.status}`);
  return (await response.json()) as OpenApiDocument;
}

/**
 * The API as the browser calls it: `GET /api/openapi.json` merges the two services' documents (paths
 * under /api, only what the routing table sends them) and the gateway's own `/bff` routes' (from their
 * schemas, src/contract/bff.ts), and `/api/docs` shows it with Swagger UI.
 * Outside production both are open; in production they answer 404 unless API_DOCS=on, and then only
 * to compliance sessions (anyone else gets the same 404).
 */
export default async function apiDocs(app: FastifyInstance, options: ApiDocsOptions) {
  if (options.access === 'off') {
    // Answered here, not forwarded: the services' own /openapi.json never leaves through the proxy.
    const notFound = async (_request: FastifyRequest, reply: FastifyReply) =>
      reply.code(404).send({ message: GATEWAY_MESSAGES.notFound });
    app.get('/api/openapi.json', notFound);
    app.get('/api/docs', notFound);
    app.get('/api/docs/*', notFound);
    return;
  }
  const cacheMs = options.cacheMs ?? 10_000;
  let cached: { document: OpenApiDocument; at: number } | undefined;
  // The gateway's own part changes only with a new build: made once.
  let bff: Promise<OpenApiDocument> | undefined;

  async function mergedDocument(): Promise<OpenApiDocument> {
    if (cached && Date.now() - cached.at < cacheMs) return cached.document;
    const [identity, cart, gateway] = await Promise.all([
      fetchDocument(options.upstreams.identity, options.timeoutMs),
      fetchDocument(options.upstreams.cart, options.timeoutMs),
      (bff ??= bffOpenApi()),
    ]);
    cached = { document: mergeOpenApi({ identity, cart, gateway }), at: Date.now() };
    return cached.document;
  }

  async function guard(request: FastifyRequest, reply: FastifyReply) {
    if (
      options.access === 'compliance' &&
      app.authentication.current(request)?.user.roleGroup !== 'compliance'
    ) {
      return reply.code(404).send({ message: GATEWAY_MESSAGES.notFound });
    }
    // Swagger UI reads the document synchronously: have a fresh one ready before it asks.
    try {
      await mergedDocument();
    } catch (error) {
      request.log.warn({ err: error }, 'api docs: a service did not give its OpenAPI document');
      return reply.code(502).send({ message: GATEWAY_MESSAGES.unreachable });
    }
  }

  app.get('/api/openapi.json', { onRequest: guard }, async () => mergedDocument());

  await app.register(async (scope) => {
    scope.addHook('onRequest', guard);
    // @fastify/swagger-ui serves the document of @fastify/swagger; here the document is the merged one.
    await scope.register(
      fp(
        async (docs) => {
          docs.decorate('swagger', (() => cached?.document ?? {}) as FastifyInstance['swagger']);
        },
        { name: '@fastify/swagger' },
      ),
    );
    await scope.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'list', deepLinking: true },
      staticCSP: false,
    });
  });
}
