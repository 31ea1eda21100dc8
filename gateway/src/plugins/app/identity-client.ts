import * as oidc from 'openid-client';

/** Tokens as the gateway keeps them (never sent to the browser). */
export interface IssuedTokens {
  accessToken: string;
  refreshToken: string | undefined;
  idClaims: Record<string, unknown> | undefined;
  /** Seconds, when identity-api says. */
  expiresIn: number | undefined;
}

/** identity-api refused the grant: `key` is its error_description (or the OAuth error code). */
export class IdentityRefusal extends Error {
  constructor(
    readonly key: string,
    readonly oauthError: string,
  ) {
    super(`identity-api refused the grant: ${oauthError} (${key})`);
  }
}

/** identity-api did not answer, or answered something other than a grant decision. */
export class IdentityUnavailable extends Error {}

/** What the callback must check: kept server-side between the redirect and the callback. */
export interface AuthorizationChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface AuthorizationStart extends AuthorizationChecks {
  /** The issuer's authorization endpoint with the request (PKCE S256, state, nonce). */
  url: URL;
}

/** The grant behind the e-mailed sign-in link (`/auth?token=`). */
export const ONE_TIME_TOKEN_GRANT = 'urn:pop:params:oauth:grant-type:one-time-token';
/** Every grant asks for the same: an id_token and a refresh token. */
const SCOPE = 'openid offline_access';

export interface IdentityClient {
  passwordGrant(username: string, password: string): Promise<IssuedTokens>;
  /** The sign-in link's one-time token for tokens; a used or unknown token is refused (invalid_grant). */
  oneTimeTokenGrant(token: string): Promise<IssuedTokens>;
  /**
   * `signal` abandons the grant: once it has aborted no request is sent (discovery included), and
   * one in flight is cut off (IdentityUnavailable). The refresh lock's holder gives one.
   */
  refreshGrant(refreshToken: string, options?: { signal?: AbortSignal }): Promise<IssuedTokens>;
  /** An authorization code request with fresh state, nonce and PKCE (S256) verifier. */
  startAuthorization(redirectUri: string, loginHint?: string): Promise<AuthorizationStart>;
  /**
   * Exchanges the code of `callbackUrl` (the redirect_uri with the issuer's query) after checking
   * state, iss, nonce and the PKCE verifier. Throws IdentityRefusal for any refused or forged answer.
   */
  authorizationCodeGrant(callbackUrl: URL, checks: AuthorizationChecks): Promise<IssuedTokens>;
  /** Best effort: never throws. */
  revoke(refreshToken: string): Promise<void>;
}

export interface IdentityClientOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Seconds per HTTP call to identity-api. */
  timeout?: number;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** http is allowed for a loopback issuer only (development and tests); anything else must be https. */
function allowsHttp(issuer: URL): boolean {
  return issuer.protocol === 'http:' && LOOPBACK_HOSTS.has(issuer.hostname);
}

function tokensOf(response: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers): IssuedTokens {
  const claims = response.claims();
  return {
    accessToken: response.access_token,
    refreshToken: response.refresh_token,
    idClaims: claims ? { ...claims } : undefined,
    expiresIn: response.expiresIn(),
  };
}

function translate(error: unknown): Error {
  if (error instanceof oidc.ResponseBodyError && error.status === 400) {
    return new IdentityRefusal(error.error_description ?? error.error, error.error);
  }
  // The callback's query said no (access_denied...), or carried a wrong state / iss / nonce.
  if (error instanceof oidc.AuthorizationResponseError) {
    return new IdentityRefusal(error.error_description ?? error.error, error.error);
  }

  return new IdentityUnavailable('identity-api is unavailable', { cause: error });
}

/** `promise`, or the signal's reason as soon as it aborts (the promise itself goes on for others). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) {
      abort();
      return;
    }
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * The gateway as the confidential OAuth client `pop-gateway` (client_secret_basic). Discovery runs
 * on first use and again after a failure, so the gateway can start before identity-api.
 */
export function createIdentityClient(options: IdentityClientOptions): IdentityClient {
  const issuer = new URL(options.issuer);
  let configuration: Promise<oidc.Configuration> | undefined;

  function discover(): Promise<oidc.Configuration> {
    configuration ??= oidc
      .discovery(issuer, options.clientId, undefined, oidc.ClientSecretBasic(options.clientSecret), {
        execute: allowsHttp(issuer) ? [oidc.allowInsecureRequests] : [],
        timeout: options.timeout ?? 10,
      })
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  }

  /**
   * `config` whose HTTP requests also end when `signal` aborts: openid-client takes no signal per call
   * (only the configuration's timeout), and the discovered configuration is shared by every call.
   */
  function withSignal(config: oidc.Configuration, signal: AbortSignal | undefined): oidc.Configuration {
    if (!signal) return config;
    const own = new oidc.Configuration(
      config.serverMetadata(),
      options.clientId,
      undefined,
      oidc.ClientSecretBasic(options.clientSecret),
    );
    if (allowsHttp(issuer)) oidc.allowInsecureRequests(own);
    own.timeout = config.timeout;
    own[oidc.customFetch] = (url, init) => {
      signal.throwIfAborted();
      return fetch(url, { ...init, signal: init.signal ? AbortSignal.any([init.signal, signal]) : signal });
    };
    return own;
  }

  async function grant(
    run: (config: oidc.Configuration) => Promise<IssuedTokens>,
    signal?: AbortSignal,
  ): Promise<IssuedTokens> {
    try {
      return await run(withSignal(await untilAborted(discover(), signal), signal));
    } catch (error) {
      throw translate(error);
    }
  }

  return {
    passwordGrant: (username, password) =>
      grant(async (config) =>
        tokensOf(await oidc.genericGrantRequest(config, 'password', { username, password, scope: SCOPE })),
      ),
    oneTimeTokenGrant: (token) =>
      grant(async (config) =>
        tokensOf(await oidc.genericGrantRequest(config, ONE_TIME_TOKEN_GRANT, { token, scope: SCOPE })),
      ),
    refreshGrant: (refreshToken, { signal } = {}) =>
      grant(async (config) => tokensOf(await oidc.refreshTokenGrant(config, refreshToken)), signal),
    async startAuthorization(redirectUri, loginHint) {
      let config: oidc.Configuration;
      try {
        config = await discover();
      } catch (error) {
        throw translate(error);
      }
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        ...(loginHint ? { login_hint: loginHint } : {}),
      });
      return { url, state, nonce, codeVerifier };
    },
    authorizationCodeGrant: (callbackUrl, checks) =>
      grant(async (config) =>
        tokensOf(
          await oidc.authorizationCodeGrant(config, callbackUrl, {
            pkceCodeVerifier: checks.codeVerifier,
            expectedState: checks.state,
            expectedNonce: checks.nonce,
            idTokenExpected: true,
          }),
        ),
      ),
    async revoke(refreshToken) {
      try {
        await oidc.tokenRevocation(await discover(), refreshToken, { token_type_hint: 'refresh_token' });
      } catch {
        // Logout must not fail because identity-api is away: the session is destroyed regardless.
      }
    },
  };
}
