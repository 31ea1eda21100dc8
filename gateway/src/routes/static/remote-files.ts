import { createHash } from 'node:crypto';
import { negotiate } from '@fastify/accept-negotiator';
import send from '@fastify/send';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayDb } from '../../db/index.js';
import { isFilePath, isPackageName, isVersion, readPublishedFile } from '../../lib/remote-registry.js';
import { GATEWAY_MESSAGES } from '../../messages.js';

/**
 * `/remotes/<package>/<version>/<file>` from the gateway's database. A published version never
 * changes, so a file once read is kept in memory (a least-recently-used cache bounded in bytes) and
 * the hot path does not reach the database; a file not found is not kept (it may be published later).
 * The answer is the one @fastify/static gave when the builds were folders: its content type, the
 * `.br` or `.gz` sibling the request's Accept-Encoding prefers (q-values honoured, `*` read as gzip),
 * `Vary: Accept-Encoding`, cached by browsers for a year.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

interface CachedFile {
  type: string;
  bodies: { identity: Buffer } & Partial<Record<Encoding, Buffer>>;
  /** Strong validators, by body: the same bytes always get the same tag. */
  etags: Partial<Record<Encoding | 'identity', string>>;
  bytes: number;
}

/** The type @fastify/static (its @fastify/send) gives a path, `; charset=utf-8` for text types. */
export function contentTypeOf(path: string): string {
  const type = send.mime.getType(path) ?? 'application/octet-stream';
  return send.isUtf8MimeType(type) ? `${type}; charset=utf-8` : type;
}

function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** As @fastify/static picks a sibling: lower-cased header, `*` counts as gzip, only what exists. */
function encodingFor(header: string | undefined, file: CachedFile): Encoding | undefined {
  if (header === undefined) return undefined;
  const available = ENCODINGS.filter((encoding) => file.bodies[encoding]);
  if (available.length === 0) return undefined;
  return (negotiate(header.toLowerCase().replace(/\*/g, 'gzip'), available) as Encoding | null) ?? undefined;
}

export interface RemoteFilesOptions {
  db: GatewayDb;
  /** Bytes kept in memory at most (REMOTE_CACHE_BYTES); a larger file is served without being kept. */
  maxBytes: number;
  log: FastifyBaseLogger;
}

export function remoteFiles({ db, maxBytes, log }: RemoteFilesOptions) {
  /** Map order is recency: a hit moves its key to the end, eviction takes from the front. */
  const cache = new Map<string, CachedFile>();
  const loading = new Map<string, Promise<CachedFile | undefined>>();
  let cachedBytes = 0;

  function keep(key: string, file: CachedFile): void {
    if (file.bytes > maxBytes) return;
    cache.set(key, file);
    cachedBytes += file.bytes;
    for (const [oldest, entry] of cache) {
      if (cachedBytes <= maxBytes) break;
      cache.delete(oldest);
      cachedBytes -= entry.bytes;
    }
  }

  async function load(packageName: string, version: string, path: string): Promise<CachedFile | undefined> {
    const found = await readPublishedFile(db, packageName, version, path);
    if (!found) return undefined;
    const bodies = {
      identity: found.identity,
      ...(found.br && { br: found.br }),
      ...(found.gzip && { gzip: found.gzip }),
    };
    return {
      type: contentTypeOf(path),
      bodies,
      etags: Object.fromEntries(Object.entries(bodies).map(([name, body]) => [name, etagOf(body)])),
      bytes: Object.values(bodies).reduce((sum, body) => sum + body.length, 0),
    };
  }

  /** The file, from memory or (once per file, concurrent askers sharing the read) from the database. */
  async function file(packageName: string, version: string, path: string): Promise<CachedFile | undefined> {
    const key = `${packageName}/${version}/${path}`;
    const cached = cache.get(key);
    if (cached) {
      cache.delete(key);
      cache.set(key, cached);
      return cached;
    }
    let pending = loading.get(key);
    if (!pending) {
      pending = load(packageName, version, path).finally(() => loading.delete(key));
      loading.set(key, pending);
    }
    const loaded = await pending;
    // The first asker keeps it; the others find it kept.
    if (loaded && !cache.has(key)) keep(key, loaded);
    return loaded;
  }

  return {
    /** How many bytes the cache holds (tests). */
    cachedBytes: () => cachedBytes,

    /** A published file's bytes (the cache's, like a request's), undefined when there is none. */
    async read(packageName: string, version: string, path: string): Promise<Buffer | undefined> {
      return (await file(packageName, version, path))?.bodies.identity;
    },

    async handler(
      request: FastifyRequest<{ Params: { package: string; version: string; '*': string } }>,
      reply: FastifyReply,
    ) {
      const { package: packageName, version, '*': path } = request.params;
      // Looked up by exact key: no path is ever resolved against a folder, so nothing can escape.
      if (!isPackageName(packageName) || !isVersion(version) || !isFilePath(path)) {
        return reply.code(404).send({ message: GATEWAY_MESSAGES.notFound });
      }
      let found: CachedFile | undefined;
      try {
        found = await file(packageName, version, path);
      } catch (error) {
        log.error({ err: error }, 'remote file unreadable: the gateway database is unavailable');
        return reply
          .code(503)
          .header('cache-control', 'no-store')
          .send({ message: GATEWAY_MESSAGES.unreachable });
      }
      if (!found) return reply.code(404).send({ message: GATEWAY_MESSAGES.notFound });
      const encoding = encodingFor(request.headers['accept-encoding'], found);
      const etag = found.etags[encoding ?? 'identity']!;
      // A published version never changes: browsers and CDNs may keep it forever.
      reply
        .header('content-type', found.type)
        .header('cache-control', IMMUTABLE)
        .header('vary', 'accept-encoding')
        .header('etag', etag);
      if (encoding) reply.header('content-encoding', encoding);
      if (
        request.headers['if-none-match']?.split(/\s*,\s*/).some((tag) => tag === etag || tag === `W/${etag}`)
      ) {
        return reply.code(304).send();
      }
      return reply.send(found.bodies[encoding ?? 'identity']);
    },
  };
}
