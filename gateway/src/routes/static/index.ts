import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayDb } from '../../db/index.js';
import { remoteManifest } from '../../lib/remote-registry.js';
import { GATEWAY_MESSAGES } from '../../messages.js';
import { IMMUTABLE, remoteFiles } from './remote-files.js';
import { sectionPreload } from './section-preload.js';
import { shellPage } from './shell-page.js';

export interface StaticRoutesOptions {
  shellDir: string;
  /** The gateway's database: the remote registry and the published remote files (db/schema.ts). */
  db: GatewayDb;
  /** Bytes of published remote files kept in memory (REMOTE_CACHE_BYTES). */
  remoteCacheBytes: number;
  /** cart-api's login system messages, written into index.html (shell-page.ts). */
  loginMessagesUrl: string;
  /** How long those messages are kept (LOGIN_MESSAGES_TTL_MS). */
  loginMessagesTtlMs?: number;
  /** The signed-in user of a page request (shell-page.ts): its page carries the user and the registry. */
  pageUser?: (request: FastifyRequest) => Promise<unknown>;
}

/** webpack's `[contenthash]` names (`main.3f9a1c2b7d.js`): safe to cache forever. */
const HASHED_FILE = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
/** Paths that are never the shell's: an unknown one is a 404, not index.html. */
const NOT_SHELL = /^\/(api|bff|remotes)(\/|$)/;
/** The build's precompressed siblings (`main.3f9a1c2b7d.js.br`): cached like the file they encode. */
const ENCODED_SIBLING = /\.(br|gz)$/;

function wantsHtml(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/** The shell (host app), the remote bundles at immutable versioned paths, and the remote registry. */
export default async function staticRoutes(app: FastifyInstance, options: StaticRoutesOptions) {
  const { shellDir, db } = options;
  /** The shell's index.html and unhashed files may change; its content-hashed files never do. */
  function cacheControlOf(path: string): string {
    return HASHED_FILE.test(path.replace(ENCODED_SIBLING, '')) ? IMMUTABLE : 'no-cache';
  }
  const shellBuilt = existsSync(join(shellDir, 'index.html'));
  if (!shellBuilt) app.log.warn({ shellDir }, 'no shell build found: only the APIs are served');

  // Registers reply.sendFile; the shell's files are served by the wildcard below when it is built.
  await app.register(fastifyStatic, {
    root: shellDir,
    serve: shellBuilt,
    // Said once above, in the gateway's words.
    suppressWarning: !shellBuilt,
    wildcard: true,
    index: false,
    cacheControl: false,
    // The build writes `.br` and `.gz` beside each asset (shared-ui/build/webpack.js): the file the
    // request's Accept-Encoding prefers is sent as is, with `Vary: Accept-Encoding`; no compression
    // at request time. This holds for reply.sendFile below too (index.html); remote files keep the
    // same rule from the database (remote-files.ts).
    preCompressed: true,
    // Every file answer comes through here, also reply.sendFile's below.
    setHeaders: (reply, path) => {
      reply.header('cache-control', cacheControlOf(path));
    },
  });

  // The shell fetches this at start: a pointer, so it must never be cached. Read from the database at
  // every request (one query on primary keys), so a publish through any instance shows at once.
  app.get('/remotes.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    try {
      return await remoteManifest(db);
    } catch (error) {
      app.log.error({ err: error }, 'remote registry unreadable: the gateway database is unavailable');
      return reply.code(503).send({ message: GATEWAY_MESSAGES.unreachable });
    }
  });

  const files = remoteFiles({ db, maxBytes: options.remoteCacheBytes, log: app.log });
  app.get<{ Params: { package: string; version: string; '*': string } }>(
    '/remotes/:package/:version/*',
    (request, reply) => files.handler(request, reply),
  );

  const page = shellPage({
    shellDir,
    loginMessagesUrl: options.loginMessagesUrl,
    log: app.log,
    remotes: () => remoteManifest(db),
    preloadsOf: sectionPreload({ shellDir, readRemoteFile: files.read, log: app.log }),
    ...(options.pageUser ? { pageUser: options.pageUser } : {}),
    ...(options.loginMessagesTtlMs === undefined ? {} : { ttlMs: options.loginMessagesTtlMs }),
  });
  function sendShell(request: FastifyRequest, reply: FastifyReply) {
    return page.send(request, reply, () => reply.sendFile('index.html', shellDir, { cacheControl: false }));
  }

  app.get('/', async (request, reply) => {
    if (!shellBuilt) return reply.code(404).send({ message: GATEWAY_MESSAGES.notFound });
    return sendShell(request, reply);
  });

  // Client-side routes (/profile, /admin/orders, ...) get the shell; anything else is a JSON 404.
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?', 1)[0]!;
    if (shellBuilt && wantsHtml(request) && !NOT_SHELL.test(path)) return sendShell(request, reply);
    return reply.code(404).send({ message: GATEWAY_MESSAGES.notFound });
  });
}
