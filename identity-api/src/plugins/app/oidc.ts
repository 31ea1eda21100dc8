import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { OIDC_PREFIX, type Config } from '../../config.js';
import interactionRoutes from '../../interaction/routes.js';
import type { KeySet } from '../../oidc/keys.js';
import { createProvider } from '../../oidc/provider.js';

declare module 'fastify' {
  interface FastifyInstance {
    oidc: Provider;
  }
}

/**
 * Mounts the Koa-based oidc-provider under /oidc. A new key set (a rotation, here or on another
 * instance) builds a new Provider and swaps it in: requests already running finish on the old one,
 * the next ones reach the new one; interactions, sessions, grants and tokens live in the database, and
 * the new provider's cookie keys still verify the old cookies, so nothing in flight is lost. Fastify hands the raw request over untouched
 * (`reply.hijack()`), with the body unread (oidc-provider parses it itself) and the prefix moved to
 * `originalUrl`, which is how oidc-provider learns its mount path, as under Express or Koa mounts.
 * Not wrapped in fastify-plugin: the pass-through body parser must stay inside this scope.
 */
export default async function oidcPlugin(
  app: FastifyInstance,
  { config }: { config: Config },
): Promise<void> {
  const build = (keys: KeySet) => {
    const provider = createProvider(config, app.identityDb, keys);
    return { provider, callback: provider.callback() };
  };
  let active = build(app.keyRing.set);
  app.keyRing.onChange((keys) => {
    active = build(keys);
  });
  app.decorate('oidc', { getter: () => active.provider });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    reply.hijack();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    const url = raw.url ?? OIDC_PREFIX;
    const rest = url.slice(OIDC_PREFIX.length);
    raw.originalUrl = url;
    raw.url = rest.startsWith('/') ? rest : `/${rest}`;
    await active.callback(raw, reply.raw);
  };
  // oidc-provider's own endpoints: never part of the account API's OpenAPI document.
  app.all(OIDC_PREFIX, { schema: { hide: true } }, handler);
  app.all(`${OIDC_PREFIX}/*`, { schema: { hide: true } }, handler);

  // The sign-in page oidc-provider sends browsers to; its own scope re-enables form parsing.
  await app.register(interactionRoutes, { provider: () => active.provider, config });
}
