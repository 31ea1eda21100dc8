import fastifyCookie from '@fastify/cookie';
import fastifySession, { type SessionStore } from '@fastify/session';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sessionExpiresAt, type SessionAuth, type SessionLimits } from '../../lib/session-auth.js';
import type { Clock, SessionRecordStore } from '../app/session-stores/index.js';

/** `__Host-`: the browser only accepts it Secure, with Path=/ and no Domain, so no subdomain can set it. */
export const SESSION_COOKIE = '__Host-pop.sid';

export interface SessionPluginOptions {
  secret: string;
  store: SessionRecordStore;
  limits: SessionLimits;
  now: Clock;
}

/** @fastify/session's callback store over our promise-based record store. */
function adaptStore(store: SessionRecordStore, limits: SessionLimits, now: Clock): SessionStore {
  return {
    set(id, session, callback) {
      const data = JSON.parse(JSON.stringify(session)) as Record<string, unknown>;
      // The cookie's options are the plugin's own (no per-session expiry: the server decides): not kept.
      delete data.cookie;
      const auth = data.auth as SessionAuth | undefined;
      const expiresAt = auth ? sessionExpiresAt(auth, limits) : now() + limits.idleMs;
      store.set(id, data, expiresAt).then(() => callback(), callback);
    },
    get(id, callback) {
      store.get(id).then(
        (data) => callback(null, (data ?? null) as Parameters<typeof callback>[1]),
        (error: unknown) => callback(error),
      );
    },
    destroy(id, callback) {
      store.destroy(id).then(() => callback(), callback);
    },
  };
}

/**
 * @fastify/session skips saving a `secure` cookie on a plain-http request, yet browsers accept
 * Secure cookies on http://localhost and `__Host-` requires the flag. So the session runs with
 * `secure: false` and this hook (which runs after the session's own onSend) stamps every
 * Set-Cookie of the session cookie with Secure and SameSite=Strict, also the clearing ones.
 */
function forceSecureSessionCookie(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const header = reply.getHeader('set-cookie');
  if (header === undefined) return Promise.resolve(payload);
  const cookies = (Array.isArray(header) ? header : [String(header)]).map((cookie) => {
    if (!cookie.startsWith(`${SESSION_COOKIE}=`)) return cookie;
    const attributes = cookie
      .split(';')
      .map((part) => part.trim())
      .filter((part) => !/^(secure|samesite=.*|httponly|path=.*|domain=.*)$/i.test(part));
    return [...attributes, 'Path=/', 'HttpOnly', 'Secure', 'SameSite=Strict'].join('; ');
  });
  // reply.header() appends Set-Cookie values: replace them instead.
  reply.removeHeader('set-cookie');
  reply.header('set-cookie', cookies);
  return Promise.resolve(payload);
}

async function sessionPlugin(app: FastifyInstance, options: SessionPluginOptions) {
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: options.secret,
    cookieName: SESSION_COOKIE,
    store: adaptStore(options.store, options.limits, options.now),
    saveUninitialized: false,
    // The cookie is re-sent only when the session changes; expiry is enforced on the server.
    rolling: false,
    cookie: { path: '/', httpOnly: true, secure: false, sameSite: 'strict' },
  });
  app.addHook('onSend', forceSecureSessionCookie);
  app.addHook('onClose', async () => options.store.close());
}

export default fp(sessionPlugin, { name: 'gateway-session' });
