import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface OpenApiOptions {
  title: string;
  version: string;
  description?: string;
}

/**
 * The service's OpenAPI 3.1 document, generated from its route schemas, at `GET /openapi.json`
 * (public: the services listen on loopback; the gateway merges both documents into the one the
 * browser's client is generated from, and decides who may read it). Shared schemas added with
 * `app.addSchema` become components named by their `$id`.
 */
export const openApi = fp<OpenApiOptions>(
  async (app: FastifyInstance, { title, version, description }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title, version, ...(description ? { description } : {}) },
      },
      refResolver: {
        buildLocalReference: (json, _baseUri, _fragment, index) =>
          typeof json.$id === 'string' ? json.$id : `def-${index}`,
      },
    });
    app.get(
      '/openapi.json',
      { config: { access: 'public', ownership: 'none' }, schema: { hide: true } },
      async () => app.swagger(),
    );
  },
  { name: 'service-kit:openapi' },
);
