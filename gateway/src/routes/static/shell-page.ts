import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { BOOT_BLOCK_ID } from 'shared-domain';

/**
 * The shell's index.html with the login page's system messages written into it (the "boot block",
 * `<script id="pop-boot" type="application/json">`), so the sign-in page shows them in its first
 * render: no request after start-up, no banner that arrives late and pushes the form down (the login
 * page's LCP element and its only layout shift). The messages are the same for everyone, so the page
 * stays public and `no-cache`; it is rendered and compressed once per refresh, not per request.
 */
export interface ShellPageOptions {
  shellDir: string;
  /**
   * The signed-in user of a page request (Authentication.pageUser), undefined for a guest. A signed-in
   * user's page carries the user and the remote registry too (`user`, `remotes`), so the shell starts
   * without asking /bff/user and /remotes.json, and it preloads the remote that owns the path; such a
   * page is private (`no-store`) and rendered per request.
   */
  pageUser?: (request: FastifyRequest) => Promise<unknown>;
  /**
   * The registry /remotes.json answers (remote-registry.ts remoteManifest), read per signed-in page.
   * When it fails (the gateway's database is away) the page goes out without it and the shell asks
   * /remotes.json itself.
   */
  remotes?: () => RemoteRegistry | Promise<RemoteRegistry>;
  /**
   * The scripts the page of a section names for its owner's entry (section-preload.ts: the entry, its
   * App's files and the shell's files of the shared modules App takes); the entry alone by default.
   */
  preloadsOf?: (entry: string) => Promise<string[]>;
  /** `${cartApiUrl}/system-message?location=login`. */
  loginMessagesUrl: string;
  log: FastifyBaseLogger;
  /** How long an answer of cart-api is used (a changed message shows within this time). */
  ttlMs?: number;
  /** How long a page load waits for cart-api before it is sent without the block. */
  timeoutMs?: number;
  now?: () => number;
}

interface RemoteRegistry {
  remotes: { name: string; entry: string; sections?: string[] }[];
}

const TTL_MS = 30_000;
/** After a failed fetch: retried at the next page load after this long, not at every one. */
const RETRY_MS = 5_000;
const TIMEOUT_MS = 1_000;
const ENCODINGS: ('br' | 'gzip')[] = ['br', 'gzip'];

interface Rendered {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** The guest's page twice: saying that the request had no session (`guest`), and not saying it. */
interface GuestPages {
  guest: Rendered;
  unknown: Rendered;
}

function rendered(html: string): Rendered {
  const identity = Buffer.from(html);
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/**
 * Whether the browser sent this navigation every cookie of the site: a typed address, a bookmark or a
 * link of our own pages (`Sec-Fetch-Site: none | same-origin`). A link from another site carries no
 * SameSite=Strict session cookie although a session may exist, and an older browser does not say:
 * such a page asks /bff/user itself, whose same-origin request carries the cookie.
 */
function sendsSessionCookie(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  return site === 'none' || site === 'same-origin';
}

/** JSON that cannot end the `<script>` element it sits in (`</script>`, `<!--`). */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export function withBootBlock(html: string, boot: unknown, preloads: string[] = []): string {
  // At low priority: the page's stylesheet and script come first (the entry is run by that script), and
  // a preload at the default 'high' made the entry's evaluation part of what the first paint waited for
  // once the section's remote starts in the first render (Lighthouse's order form: 0.9 s → 2.0 s).
  const links = preloads
    .map((href) => `<link rel="preload" as="script" fetchpriority="low" href="${encodeURI(href)}">`)
    .join('');
  const block = `${links}<script id="${BOOT_BLOCK_ID}" type="application/json">${scriptSafeJson(boot)}</script>`;
  // A data block is never executed; the shell's deferred scripts read it once the page is parsed.
  return html.includes('</head>') ? html.replace('</head>', `${block}</head>`) : `${html}${block}`;
}

function isMessageList(value: unknown): value is unknown[] {
  return (
    Array.isArray(value) &&
    value.every(
      (m) => typeof m === 'object' && m !== null && typeof (m as { message?: unknown }).message === 'string',
    )
  );
}

export function shellPage(options: ShellPageOptions) {
  const { shellDir, loginMessagesUrl, log } = options;
  const ttlMs = options.ttlMs ?? TTL_MS;
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const file = join(shellDir, 'index.html');

  /** The rendered pages (null: messages unknown, the built file is sent) and when to renew them. */
  let current: { page: GuestPages | null; until: number; builtAt: number } | undefined;
  let renewing: Promise<void> | undefined;

  async function loginMessages(requestId: string): Promise<unknown[] | undefined> {
    try {
      const response = await fetch(loginMessagesUrl, {
        headers: { accept: 'application/json', 'x-request-id': requestId },
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body: unknown = response.ok ? await response.json() : undefined;
      return isMessageList(body) ? body : undefined;
    } catch {
      return undefined;
    }
  }

  async function renew(requestId: string): Promise<void> {
    const [messages, stats] = await Promise.all([loginMessages(requestId), stat(file)]);
    if (messages === undefined) {
      log.warn({ url: loginMessagesUrl }, 'login messages unavailable: index.html sent without them');
      current = { page: null, until: now() + RETRY_MS, builtAt: stats.mtimeMs };
      return;
    }
    const built = await readFile(file, 'utf8');
    const systemMessages = { login: messages };
    current = {
      page: {
        guest: rendered(withBootBlock(built, { systemMessages, guest: true })),
        unknown: rendered(withBootBlock(built, { systemMessages })),
      },
      until: now() + ttlMs,
      builtAt: stats.mtimeMs,
    };
  }

  /** The pages to send, renewed when stale or when the shell was rebuilt; null: send the built file. */
  async function page(requestId: string): Promise<GuestPages | null> {
    const rebuilt = current && (await stat(file)).mtimeMs !== current.builtAt;
    if (!current || rebuilt || now() >= current.until) {
      renewing ??= renew(requestId).finally(() => (renewing = undefined));
      // Only the first load (or a new build) waits; afterwards the previous page serves meanwhile.
      if (!current || rebuilt) await renewing;
    }
    return current?.page ?? null;
  }

  /** A signed-in user's page: the user, the registry, and the first scripts of the remote that owns the path. */
  async function signedInPage(request: FastifyRequest, user: unknown): Promise<Buffer> {
    let registry: RemoteRegistry | undefined = { remotes: [] };
    try {
      if (options.remotes) registry = await options.remotes();
    } catch (error) {
      log.warn({ err: error }, 'remote registry unreadable for the page: sent without it');
      registry = undefined;
    }
    const section = request.url.split('?', 1)[0]!.split('/')[1] ?? '';
    const owner = registry?.remotes.find((remote) => remote.sections?.includes(section));
    const preloads = owner ? await (options.preloadsOf?.(owner.entry) ?? [owner.entry]) : [];
    const html = withBootBlock(
      await readFile(file, 'utf8'),
      registry ? { user, remotes: registry } : { user },
      preloads,
    );
    return Buffer.from(html);
  }

  return {
    /** Sends the page; `sendBuilt` sends the build's own index.html (its precompressed siblings). */
    async send(request: FastifyRequest, reply: FastifyReply, sendBuilt: () => unknown) {
      let sessionKnown = options.pageUser !== undefined && sendsSessionCookie(request);
      const user = await options.pageUser?.(request).catch((error: unknown) => {
        // The store is away: the page goes out as a guest's, and the shell asks /bff/user itself.
        log.warn({ err: error }, 'session unreadable for the page: sent as a guest page');
        sessionKnown = false;
        return undefined;
      });
      // Whoever asks, the answer depends on the cookie (and a guest's on whether the browser would
      // have sent one): no shared cache may keep one for another.
      reply.header('vary', 'accept-encoding, cookie, sec-fetch-site');
      if (user) {
        const identity = await signedInPage(request, user);
        const encoding = negotiate(request.headers['accept-encoding'] ?? '', ENCODINGS);
        reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'private, no-store');
        if (encoding) reply.header('content-encoding', encoding);
        // Per request: fast levels (the page is about 1 KB), not the build's highest.
        if (encoding === 'br') {
          return reply.send(brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
        }
        return reply.send(encoding === 'gzip' ? gzipSync(identity, { level: 6 }) : identity);
      }
      const pages = await page(request.id);
      if (!pages) return sendBuilt();
      // A request known to have no session says so (`guest`): the shell draws the sign-in page in its
      // first render, without asking /bff/user (a request, a 401 and a second render of the page).
      const guestPage = sessionKnown ? pages.guest : pages.unknown;
      // As @fastify/static picks a precompressed sibling: br, then gzip (q-values honoured).
      const encoding = negotiate(request.headers['accept-encoding'] ?? '', ENCODINGS);
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(encoding ? guestPage[encoding] : guestPage.identity);
    },
  };
}
