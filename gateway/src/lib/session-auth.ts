import type { SessionUser } from '../contract/bff.js';

/** What a signed-in session holds on the server. None of it is ever sent to the browser but `user`. */
export interface SessionTokens {
  accessToken: string;
  refreshToken: string | undefined;
  /** When identity-api issued these tokens (epoch ms): the 20-minute refresh clock starts here. */
  obtainedAt: number;
  /** When the access token stops being valid (epoch ms), when identity-api said so. */
  accessExpiresAt: number | undefined;
  /**
   * The fencing token of the refresh lock these tokens were obtained under (none: the sign-in's own).
   * The stores never let tokens with a lower fence replace those with a higher one.
   */
  fence?: number;
}

export interface SessionAuth {
  user: SessionUser;
  tokens: SessionTokens;
  loginAt: number;
  lastSeenAt: number;
  /** Signed in through the external identity page: its issuer refreshes and revokes the tokens. */
  via?: 'external';
}

declare module 'fastify' {
  interface Session {
    auth?: SessionAuth;
  }
}

export interface SessionLimits {
  /** Absolute lifetime after login. */
  absoluteMs: number;
  /** Lifetime without a request. */
  idleMs: number;
}

/** The instant a signed-in session ends: whichever of the absolute and the idle limit comes first. */
export function sessionExpiresAt(
  auth: Pick<SessionAuth, 'loginAt' | 'lastSeenAt'>,
  limits: SessionLimits,
): number {
  return Math.min(auth.loginAt + limits.absoluteMs, auth.lastSeenAt + limits.idleMs);
}

export function isSessionExpired(
  auth: Pick<SessionAuth, 'loginAt' | 'lastSeenAt'>,
  now: number,
  limits: SessionLimits,
): boolean {
  return now >= sessionExpiresAt(auth, limits);
}

/** A minute before the access token expires counts as expired: the request still has to travel. */
const ACCESS_TOKEN_MARGIN_MS = 60 * 1000;

export function needsRefresh(tokens: SessionTokens, now: number, refreshAfterMs: number): boolean {
  if (now - tokens.obtainedAt >= refreshAfterMs) return true;
  return tokens.accessExpiresAt !== undefined && now >= tokens.accessExpiresAt - ACCESS_TOKEN_MARGIN_MS;
}
