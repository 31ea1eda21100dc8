import {
  ACCOUNT_MESSAGES,
  LOGIN_ERROR_KEYS,
  MESSAGES,
  type LoginErrorKey,
  type SessionUser,
} from 'shared-domain';
import { ApiError, isMessageError, isObject } from './errors.js';
import { reportError, request } from './http.js';

export interface Credentials {
  username: string;
  password: string;
}

export type SignInResult =
  | { ok: true; user: SessionUser }
  | { ok: false; reason: LoginErrorKey | 'error'; message: string; redirectUrl?: string };

/** POST /bff/auth: the session user, or why the sign-in link could not be used. */
export type TokenExchangeResult = { ok: true; user: SessionUser } | { ok: false; message: string };

function isSessionUser(value: unknown): value is SessionUser {
  return isObject(value) && typeof value.userId === 'string' && typeof value.username === 'string';
}

/** Accepts `SessionUser` or `{ user: SessionUser | null }`. */
function userOf(body: unknown): SessionUser | null {
  if (isSessionUser(body)) return body;
  if (isObject(body) && isSessionUser(body.user)) return body.user;
  return null;
}

function loginErrorKey(body: unknown): LoginErrorKey | undefined {
  if (!isObject(body)) return undefined;
  for (const field of ['error', 'error_description', 'code', 'reason']) {
    const value = body[field];
    if ((LOGIN_ERROR_KEYS as readonly unknown[]).includes(value)) return value as LoginErrorKey;
  }
  return undefined;
}

/** The gateway's session endpoints (tokens stay on the server; the browser only sees the user). */
export const bff = {
  /**
   * Signs in. Refusals (400/401/403/429) come back as a result for the form to present; a server
   * error or no response is reported to the user like any other call, then returned as 'error'.
   */
  async login(credentials: Credentials): Promise<SignInResult> {
    try {
      const body = await request<unknown>('POST', '/bff/login', credentials, { silent: true });
      const user = userOf(body) ?? (await bff.user());
      if (!user) return { ok: false, reason: 'error', message: MESSAGES.invalidLogin };
      return { ok: true, user };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const key = loginErrorKey(error.body);
      if (error.status === null || error.status >= 500) {
        reportError(error);
        // Already told (toast or error window): an empty message asks the form to say nothing more.
        return { ok: false, reason: 'error', message: '' };
      }
      const redirectUrl =
        isObject(error.body) && typeof error.body.redirectUrl === 'string'
          ? error.body.redirectUrl
          : undefined;
      if (key === 'locked_out') return { ok: false, reason: key, message: MESSAGES.lockedOut };
      if (key === 'password_expired' || key === 'gsuite') {
        return {
          ok: false,
          reason: key,
          message: isMessageError(error.body) ? error.body.message : '',
          redirectUrl,
        };
      }
      if (error.status === 429) {
        // Throttled (per address or per account): the gateway says when to try again.
        const message = isMessageError(error.body) ? error.body.message : ACCOUNT_MESSAGES.tooManyAttempts;
        return { ok: false, reason: 'error', message };
      }
      // Every other refusal reads the same (§8 Invalid login): no hint which part was wrong.
      return { ok: false, reason: key ?? 'error', message: MESSAGES.invalidLogin };
    }
  },

  /**
   * Exchanges a one-time sign-in token (the /auth?token=… link) for a session. A refused token is a
   * result for the page to present; a server error or no response is also reported as usual.
   */
  async exchangeToken(token: string): Promise<TokenExchangeResult> {
    try {
      const body = await request<unknown>('POST', '/bff/auth', { token }, { silent: true });
      const user = userOf(body) ?? (await bff.user());
      return user ? { ok: true, user } : { ok: false, message: ACCOUNT_MESSAGES.invalidSignInLink };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === null || error.status >= 500) reportError(error);
      return { ok: false, message: ACCOUNT_MESSAGES.invalidSignInLink };
    }
  },

  /** The signed-in user, or null for a guest (401). */
  async user(): Promise<SessionUser | null> {
    try {
      return userOf(await request<unknown>('GET', '/bff/user', undefined, { silent: true }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },

  async logout(): Promise<void> {
    await request<unknown>('POST', '/bff/logout', {}, { silent: true }).catch(() => undefined);
  },
};
