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

export interface IdentityClient {
  passwordGrant(username: string, password: string): Promise<IssuedTokens>;
  refreshGrant(refreshToken: string): Promise<IssuedTokens>;
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
  return new IdentityUnavailable('identity-api is unavailable', { cause: error });
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

  async function grant(run: (config: oidc.Configuration) => Promise<IssuedTokens>): Promise<IssuedTokens> {
    try {
      return await run(await discover());
    } catch (error) {
      throw translate(error);
    }
  }

  return {
    passwordGrant: (username, password) =>
      grant(async (config) =>
        tokensOf(
          await oidc.genericGrantRequest(config, 'password', {
            username,
            password,
            scope: 'openid offline_access',
          }),
        ),
      ),
    refreshGrant: (refreshToken) =>
      grant(async (config) => tokensOf(await oidc.refreshTokenGrant(config, refreshToken))),
    async revoke(refreshToken) {
      try {
        await oidc.tokenRevocation(await discover(), refreshToken, { token_type_hint: 'refresh_token' });
      } catch {
        // Logout must not fail because identity-api is away: the session is destroyed regardless.
      }
    },
  };
}
