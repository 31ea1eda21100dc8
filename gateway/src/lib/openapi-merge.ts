import { routeApi, type Upstream } from '../routing.js';

/** The parts of an OpenAPI 3.1 document the merge reads and writes. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown>; [section: string]: unknown };
  tags?: { name: string; description?: string }[];
  [key: string]: unknown;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

/** What the gateway itself may answer on any proxied call, in the catalogue's `{message}`. */
const GATEWAY_RESPONSES = {
  502: 'The service did not answer (the gateway could not reach it)',
  503: 'The service is unavailable for a moment',
  504: 'The service did not answer in time',
} as const;

/** An OpenAPI path (`/user/{userId}`) as the routing table reads it (`user/p`). */
function routingPath(path: string): string {
  return path.replace(/^\//, '').replace(/\{[^}]+\}/g, 'p');
}

function isEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The documents to merge: each service's own, and the gateway's for its `/bff` routes (routes/bff/openapi.ts). */
export type OpenApiSources = Partial<Record<Upstream | 'gateway', OpenApiDocument>>;

/**
 * One document for the browser: each service's paths under `/api`, exactly as the browser calls them
 * and only those the gateway's routing table sends to that service (so no `/healthz`, `/openapi.json`
 * or OIDC endpoint appears), each operation with the gateway's own 502/503/504 answers; the gateway's
 * own `/bff` paths as they are (their answers are all in their schemas); and the components of all.
 * A component two documents define must be the same schema: two different ones with one name would
 * make the generated client lie, so the merge fails loudly instead.
 */
export function mergeOpenApi(
  documents: OpenApiSources,
  info: OpenApiDocument['info'] = {
    title: 'POP Documents API',
    version: '1.0.0',
    description:
      'The domain API as the browser calls it through the gateway (`/api/...`, session cookie and `X-CSRF: 1`), ' +
      'and the gateway’s own session routes (`/bff/...`).',
  },
): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, unknown> = {};
  const tags = new Map<string, { name: string; description?: string }>();

  function addShared(document: OpenApiDocument) {
    for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
      if (name in schemas && !isEqual(schemas[name], schema)) {
        throw new Error(`openapi-merge: component ${name} differs between the documents`);
      }
      schemas[name] = schema;
    }
    for (const tag of document.tags ?? []) tags.set(tag.name, tag);
  }

  for (const upstream of ['identity', 'cart'] as const) {
    const document = documents[upstream];
    if (!document) continue;
    addShared(document);
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      const operations: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(item)) {
        const method = METHODS.find((candidate) => candidate === key);
        if (!method) {
          operations[key] = value; // path-level parameters, summary…
          continue;
        }
        if (routeApi(method.toUpperCase(), routingPath(path)).upstream !== upstream) continue;
        const operation = value as { responses?: Record<string, unknown> };
        operations[key] = {
          ...operation,
          responses: {
            ...operation.responses,
            ...Object.fromEntries(
              Object.entries(GATEWAY_RESPONSES).map(([code, description]) => [
                code,
                {
                  description,
                  content: { 'application/json': { schema: { $ref: '#/components/schemas/MessageError' } } },
                },
              ]),
            ),
          },
        };
      }
      if (Object.keys(operations).some((key) => METHODS.includes(key as (typeof METHODS)[number]))) {
        // A prefix's own route (`/order/`) is called without the slash (`/api/order?page=1`).
        const browserPath = `/api${path.length > 1 ? path.replace(/\/$/, '') : ''}`;
        paths[browserPath] = { ...paths[browserPath], ...operations };
      }
    }
  }

  // The gateway answers /bff itself, at the path the browser calls: nothing to route or add.
  const gateway = documents.gateway;
  if (gateway) {
    addShared(gateway);
    for (const [path, item] of Object.entries(gateway.paths ?? {})) {
      if (path.startsWith('/bff/')) paths[path] = item;
    }
  }

  return {
    openapi: '3.1.0',
    info,
    servers: [{ url: '/' }],
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: { schemas },
    ...(tags.size > 0 ? { tags: [...tags.values()] } : {}),
  };
}
