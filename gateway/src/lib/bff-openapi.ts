import Fastify, { type FastifySchema } from 'fastify';
import { openApi } from 'service-kit';
import { BFF_COMPONENTS, BFF_ROUTES } from '../contract/bff.js';
import type { OpenApiDocument } from './openapi-merge.js';

/** Where app.ts mounts bffRoutes. */
export const BFF_PREFIX = '/bff';

function unanswered(): never {
  throw new Error('bffOpenApi: a route of the document, not of the gateway');
}

/**
 * The OpenAPI 3.1 document of the gateway's own `/bff` routes, generated from the very schemas the
 * routes have (src/contract/bff.ts) by @fastify/swagger as the services generate theirs
 * (service-kit's `openApi`): the same components (`MessageError`…) and the same shape, so
 * `mergeOpenApi` joins it to theirs. Built on a Fastify instance of its own, so the gateway's
 * sessions, identity-api and stores are not needed: the generator (api-contract) calls it too.
 */
export async function bffOpenApi(): Promise<OpenApiDocument> {
  const app = Fastify({ logger: false });
  try {
    await app.register(openApi, {
      title: 'gateway',
      version: '1',
      description: 'The gateway’s own routes: sign-in, the session user, sign-out.',
    });
    for (const schema of BFF_COMPONENTS) app.addSchema(schema);
    await app.register(
      async (bff) => {
        for (const { method, url, schema } of Object.values(BFF_ROUTES)) {
          bff.route({ method, url, schema: schema as FastifySchema, handler: unanswered });
        }
      },
      { prefix: BFF_PREFIX },
    );
    await app.ready();
    return app.swagger() as unknown as OpenApiDocument;
  } finally {
    await app.close();
  }
}
