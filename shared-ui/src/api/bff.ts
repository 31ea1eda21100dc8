import { ACCOUNT_MESSAGES, LOGIN_ERROR_KEYS, MESSAGES, type LoginErrorKey } from 'shared-domain';
import { ApiError, isMessageError, isObject } from './errors.js';
import type { components, paths } from './generated/schema.js';
import { reportError, request } from './http.js';

/**
 * The gateway's own routes as the generated document declares them (gateway/src/contract/bff.ts), at
 * their whole path: they are not under the domain API's `/api` base, so apiClient does not have them.
 */
type BffPaths = { [P in keyof paths as P extends `/bff/${string}` ? P : never]: paths[P] };
type BffOperation<P extends keyof BffPaths, M extends 'get' | 'post'> = NonNullable<BffPaths[P][M]>;
type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : undefined;
type BodyOf<O> = O extends { requestBody: infer Body } ? JsonOf<Body> : never;
type AnswerOf<O> = O extends { responses: { 200: infer Ok } } ? JsonOf<Ok> : undefined;

/** The signed-in user as the gateway answers it (its schema's generated type, never a copy). */
export type SessionUser = components['schemas']['SessionUser'];

/** What POST /bff/login takes. */
export type Credentials = BodyOf<BffOperation<'/bff/login', 'post'>>;

/**
 * One call of a /bff operation, its body and its answer typed by the document. Silent: each caller
 * below decides what a failure means (a refused sign-in is a result, a 401 of GET /bff/user a guest).
 */
function bffGet<P extends keyof BffPaths>(path: P): Promise<AnswerOf<BffOperation<P, 'get'>>> {
  return request('GET', path, undefined, { silent: true });
}
function bffPost<P extends keyof BffPaths>(
  path: P,
  body: BodyOf<BffOperation<P, 'post'>>,
): Promise<AnswerOf<BffOperation<P, 'post'>>> {
  return request('POST', path, body, { silent: true });
}

export type SignInResult =
  | { ok: true; user: SessionUser }
  | { ok: false; reason: LoginErrorKey | 'error'; message: string; redirectUrl?: string };

/** POST /bff/auth: the session user, or why the sign-in link could not be used. */
export type TokenExchangeResult = { ok: true; user: SessionUser } | { ok: false; message: string };

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
      return { ok: true, user: await bffPost('/bff/login', credentials) };
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
      return { ok: true, user: await bffPost('/bff/auth', { token }) };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === null || error.status >= 500) reportError(error);
      return { ok: false, message: ACCOUNT_MESSAGES.invalidSignInLink };
    }
  },

  /** The signed-in user, or null for a guest (401). */
  async user(): Promise<SessionUser | null> {
    try {
      return await bffGet('/bff/user');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },

  async logout(): Promise<void> {
    await bffPost('/bff/logout', {}).catch(() => undefined);
  },
};
