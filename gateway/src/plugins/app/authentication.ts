import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifySessionObject } from '@fastify/session';
import fp from 'fastify-plugin';
import {
  isSessionExpired,
  needsRefresh,
  type SessionAuth,
  type SessionLimits,
  type SessionTokens,
} from '../../lib/session-auth.js';
import {
  refreshAcrossInstances,
  RefreshWaitTimeout,
  SessionGone,
  SessionStoreUnavailable,
} from '../../lib/shared-refresh.js';
import { SESSION_COOKIE } from '../external/session.js';
import { IdentityRefusal, type IdentityClient, type IssuedTokens } from './identity-client.js';
import type { RefreshSetting } from './refresh-setting.js';
import type { Clock, SessionRecordStore } from './session-stores/index.js';

export interface AuthenticationOptions {
  identity: IdentityClient;
  /** The issuer of the external sign-in (the same client as `identity` by default). */
  externalIdentity: IdentityClient;
  /** cart-api's refresh-token setting: when off, a session ends with its access token. */
  refreshSetting: RefreshSetting;
  limits: SessionLimits;
  refreshAfterMs: number;
  now: Clock;
  /**
   * Where the sessions live: read again before a refresh (another instance may have done it), and
   * the refresh lock that lets one instance at a time refresh a session.
   */
  store: SessionRecordStore;
}

/** Why a request could not get a usable access token. */
export type FreshTokens =
  { ok: true; accessToken: string } | { ok: false; reason: 'signed-out' | 'unavailable' };

export interface Authentication {
  /** The signed-in state of this request, or undefined for a guest. */
  current(request: FastifyRequest): SessionAuth | undefined;
  /**
   * The signed-in user of a request outside /bff and /api (the shell's page, routes/static), read
   * from its session cookie: the page routes run without the session's hooks, so nothing is written
   * or renewed here. An expired session counts as none (the next /bff or /api request ends it).
   */
  pageUser(request: FastifyRequest): Promise<SessionAuth['user'] | undefined>;
  /**
   * Starts a new session (new id, old one deleted from the store) holding the user and the tokens.
   * Password, sign-in link and external sign-in all end here; `via` says which issuer refreshes.
   */
  signIn(
    request: FastifyRequest,
    tokens: IssuedTokens,
    user: SessionAuth['user'],
    via?: SessionAuth['via'],
  ): Promise<void>;
  /** Destroys the session in the store and tells the browser to drop the cookie. */
  signOut(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** The access token to forward, refreshed first when 20 minutes have passed (one refresh per session). */
  freshAccessToken(request: FastifyRequest, reply: FastifyReply): Promise<FreshTokens>;
}

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityClient;
    externalIdentity: IdentityClient;
    authentication: Authentication;
  }
}

/**
 * A refresh in flight (or just done) for one session, shared by this process's requests that need it:
 * the first level. The second, across instances, is the store's refresh lock (lib/shared-refresh.ts).
 */
interface RefreshFlight {
  refreshToken: string | undefined;
  result: Promise<SessionTokens>;
  /**
   * The grant succeeded but the store refused the new tokens: until a request saves them, they exist
   * only here (the old refresh token is spent), so the flight is kept and each request it serves saves.
   */
  unsaved?: boolean;
}

/** Late requests that loaded the session before the refresh was saved still find the result here. */
const KEEP_FINISHED_REFRESH_MS = 60 * 1000;
/** lastSeenAt is rewritten at most this often: idle expiry to the minute, not a store write per call. */
const TOUCH_EVERY_MS = 60 * 1000;

function sessionOf(request: FastifyRequest): FastifySessionObject | null {
  return (request.session as FastifySessionObject | null | undefined) ?? null;
}

function tokensFrom(issued: IssuedTokens, now: number, previous?: SessionTokens): SessionTokens {
  return {
    accessToken: issued.accessToken,
    // Without rotation identity-api keeps the old refresh token valid.
    refreshToken: issued.refreshToken ?? previous?.refreshToken,
    obtainedAt: now,
    accessExpiresAt: issued.expiresIn === undefined ? undefined : now + issued.expiresIn * 1000,
  };
}

async function authentication(app: FastifyInstance, options: AuthenticationOptions) {
  const { identity, externalIdentity, refreshSetting, limits, now } = options;
  const refreshes = new Map<string, RefreshFlight>();

  /** Tokens are refreshed and revoked where they were issued. */
  const issuerOf = (auth: Pick<SessionAuth, 'via'> | undefined) =>
    auth?.via === 'external' ? externalIdentity : identity;

  /**
   * With refresh off (cart-api's setting) a session lives as long as its access token: once that has
   * expired nothing may renew it, so the session ends like an expired one.
   */
  function accessTokenExpired(auth: SessionAuth, at: number): boolean {
    const expiresAt = auth.tokens.accessExpiresAt;
    return !refreshSetting.enabled() && expiresAt !== undefined && at >= expiresAt;
  }

  /** Replaces a destroyed session with a fresh, unsaved one, so the request goes on as a guest. */
  function startGuestSession(request: FastifyRequest): Promise<void> {
    return new Promise((resolve, reject) =>
      // An id that fails the signature check makes @fastify/session build a new empty session.
      app.decryptSession('', request, (error?: unknown) => (error ? reject(error) : resolve())),
    );
  }

  async function endSession(request: FastifyRequest): Promise<void> {
    const session = sessionOf(request);
    if (session) {
      refreshes.delete(session.sessionId);
      await session.destroy();
    }
    await startGuestSession(request);
  }

  function clearCookie(reply: FastifyReply) {
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, secure: true, sameSite: 'strict' });
  }

  // Expiry is the server's decision, on every /bff and /api request: an expired session is destroyed
  // and the request continues as a guest's.
  app.addHook('onRequest', async (request, reply) => {
    const auth = sessionOf(request)?.auth;
    if (!auth) return;
    const at = now();
    const accessExpired = accessTokenExpired(auth, at);
    if (accessExpired || isSessionExpired(auth, at, limits)) {
      request.log.info(
        { userId: auth.user.userId, reason: accessExpired ? 'access token (refresh off)' : 'session limit' },
        'session expired',
      );
      await endSession(request);
      clearCookie(reply);
      return;
    }
    if (at - auth.lastSeenAt >= TOUCH_EVERY_MS) auth.lastSeenAt = at;
  });

  /**
   * One refresh per session: concurrent requests of this process share one flight, and the flight
   * takes the store's refresh lock, or waits for the tokens of the instance that holds it.
   */
  async function refreshOnce(
    request: FastifyRequest,
    session: FastifySessionObject,
    auth: SessionAuth,
  ): Promise<SessionTokens> {
    const { sessionId } = session;
    const { refreshToken } = auth.tokens;
    const flight = refreshes.get(sessionId);
    if (flight && flight.refreshToken === refreshToken) {
      const tokens = await flight.result;
      if (flight.unsaved) await saveUnsaved(request, session, auth, flight, tokens);
      return tokens;
    }
    const shared = refreshAcrossInstances({
      sessionId,
      loaded: { loginAt: auth.loginAt, tokens: auth.tokens },
      store: options.store,
      isFresh: (tokens) => !needsRefresh(tokens, now(), options.refreshAfterMs),
      async refresh(base, signal) {
        if (!base.refreshToken) throw new IdentityRefusal('no_refresh_token', 'invalid_grant');
        return tokensFrom(await issuerOf(auth).refreshGrant(base.refreshToken, { signal }), now(), base);
      },
      // Saved before the lock is let go, so waiters on other instances find the tokens at once,
      // not when this request ends.
      async save(tokens) {
        auth.tokens = tokens;
        await session.save();
      },
    });
    const newFlight: RefreshFlight = {
      refreshToken,
      result: shared.then(({ tokens, saveError }) => {
        if (saveError !== undefined) {
          // The request is answered with them, and the end of it saves the session again.
          newFlight.unsaved = true;
          request.log.error(
            { err: saveError, userId: auth.user.userId },
            'refreshed tokens not saved: kept in this process, the refresh lock left to lapse',
          );
        }
        return tokens;
      }),
    };
    const { result } = newFlight;
    refreshes.set(sessionId, newFlight);
    const forget = () => {
      if (refreshes.get(sessionId) === newFlight) refreshes.delete(sessionId);
    };
    // A success is kept a while for late requests (an unsaved one as long as the session may live,
    // unless a request saves it); a failure is forgotten at once, so the next request tries again
    // (identity-api may be back).
    result.then(
      () => setTimeout(forget, newFlight.unsaved ? limits.absoluteMs : KEEP_FINISHED_REFRESH_MS).unref(),
      forget,
    );
    return result;
  }

  /** Saves tokens only this process has (their first save failed); the flight is then an ordinary one. */
  async function saveUnsaved(
    request: FastifyRequest,
    session: FastifySessionObject,
    auth: SessionAuth,
    flight: RefreshFlight,
    tokens: SessionTokens,
  ): Promise<void> {
    auth.tokens = tokens;
    try {
      await session.save();
    } catch (error) {
      // Answered with the tokens anyway: the end of this request saves the session again.
      request.log.error({ err: error, userId: auth.user.userId }, 'refreshed tokens still not saved');
      return;
    }
    if (!flight.unsaved) return;
    flight.unsaved = false;
    setTimeout(() => {
      if (refreshes.get(session.sessionId) === flight) refreshes.delete(session.sessionId);
    }, KEEP_FINISHED_REFRESH_MS).unref();
  }

  const service: Authentication = {
    current: (request) => sessionOf(request)?.auth,

    async pageUser(request) {
      const signedId = app.parseCookie(request.headers.cookie ?? '')[SESSION_COOKIE];
      if (!signedId) return undefined;
      await new Promise<void>((resolve, reject) =>
        app.decryptSession(signedId, request, (error?: unknown) => (error ? reject(error) : resolve())),
      );
      const auth = sessionOf(request)?.auth;
      const at = now();
      if (!auth || accessTokenExpired(auth, at) || isSessionExpired(auth, at, limits)) return undefined;
      return auth.user;
    },

    async signIn(request, issued, user, via) {
      const session = sessionOf(request);
      if (!session) await startGuestSession(request);
      // Signing in over a live session (another account, or the same one again) retires its grant.
      const previousRefreshToken = session?.auth?.tokens.refreshToken;
      if (previousRefreshToken) await issuerOf(session?.auth).revoke(previousRefreshToken);
      if (session) refreshes.delete(session.sessionId);
      // A new id at login: a session id planted before login (fixation) is worth nothing after it.
      await sessionOf(request)!.regenerate();
      const at = now();
      sessionOf(request)!.auth = {
        user,
        tokens: tokensFrom(issued, at),
        loginAt: at,
        lastSeenAt: at,
        ...(via ? { via } : {}),
      };
    },

    async signOut(request, reply) {
      const auth = sessionOf(request)?.auth;
      const refreshToken = auth?.tokens.refreshToken;
      if (refreshToken) await issuerOf(auth).revoke(refreshToken);
      const session = sessionOf(request);
      if (session) {
        refreshes.delete(session.sessionId);
        await session.destroy();
      }
      clearCookie(reply);
    },

    async freshAccessToken(request, reply) {
      const session = sessionOf(request);
      const auth = session?.auth;
      if (!session || !auth) return { ok: false, reason: 'signed-out' };
      // Refresh off: the access token is used until it expires (the onRequest hook then ends the session).
      if (!refreshSetting.enabled()) return { ok: true, accessToken: auth.tokens.accessToken };
      if (!needsRefresh(auth.tokens, now(), options.refreshAfterMs)) {
        return { ok: true, accessToken: auth.tokens.accessToken };
      }
      try {
        auth.tokens = await refreshOnce(request, session, auth);
        return { ok: true, accessToken: auth.tokens.accessToken };
      } catch (error) {
        if (error instanceof SessionStoreUnavailable) {
          // Without the lock no other instance knows to wait: refreshing anyway could be reuse.
          request.log.error({ err: error }, 'token refresh not made: session store unavailable');
          return { ok: false, reason: 'unavailable' };
        }
        if (error instanceof RefreshWaitTimeout) {
          request.log.error({ err: error }, 'token refresh not made: the refresh lock stayed taken');
          return { ok: false, reason: 'unavailable' };
        }
        if (!(error instanceof IdentityRefusal) && !(error instanceof SessionGone)) {
          // identity-api is away: keep the session, the user may retry in a moment.
          request.log.warn({ err: error }, 'token refresh failed: identity-api unavailable');
          return { ok: false, reason: 'unavailable' };
        }
        request.log.info(
          {
            userId: auth.user.userId,
            key: error instanceof IdentityRefusal ? error.key : 'ended on another request or instance',
          },
          'token refresh refused: session ended',
        );
        await endSession(request);
        clearCookie(reply);
        return { ok: false, reason: 'signed-out' };
      }
    },
  };

  app.decorate('identity', identity);
  app.decorate('externalIdentity', externalIdentity);
  app.decorate('authentication', service);
}

export default fp(authentication, { name: 'authentication', dependencies: ['gateway-session'] });
