import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  jwtVerify,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { roleInfo, type RoleGroup } from 'shared-domain';

/** The signed-in caller as an access token describes them (`request.caller`). */
export interface Caller {
  userId: string;
  username: string;
  roles: string[];
  role: string | undefined;
  roleGroup: RoleGroup;
}

/** A token that is not acceptable (bad signature, expired, wrong issuer or audience, malformed). */
export class InvalidAccessTokenError extends Error {
  override name = 'InvalidAccessTokenError';
}

export type AccessTokenVerifier = (token: string) => Promise<Caller>;

export interface VerifierOptions {
  issuer: string;
  audience: string;
  /** The JWT `typ` header identity-api sets on access tokens (`at+jwt`), when checked. */
  typ?: string;
}

// Failures of the key endpoint are ours to report (500), not the caller's token (401).
const INFRASTRUCTURE_CODES = new Set(['ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID']);

/** `Authorization: Bearer <token>`, or undefined. */
export function bearerToken(authorization: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
}

/** The verified claims of an access token: signature, issuer, audience, expiry (and `typ` when asked). */
function claimsVerifier(getKey: () => Promise<JWTVerifyGetKey>, options: VerifierOptions) {
  return async (token: string): Promise<JWTPayload> => {
    const keys = await getKey();
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: options.audience,
        clockTolerance: 5,
        ...(options.typ ? { typ: options.typ } : {}),
      });
      return payload;
    } catch (error) {
      if (error instanceof errors.JOSEError && !INFRASTRUCTURE_CODES.has(error.code)) {
        throw new InvalidAccessTokenError(error.code);
      }
      throw error;
    }
  };
}

function verifierOf(getKey: () => Promise<JWTVerifyGetKey>, options: VerifierOptions): AccessTokenVerifier {
  const claims = claimsVerifier(getKey, options);
  return async (token) => callerFromClaims(await claims(token));
}

/**
 * Verifies identity-api's JWT access tokens from another service. The JWKS location comes from the
 * issuer's discovery document, fetched on the first token (so the service can start before
 * identity-api) and kept; a failed discovery is retried on the next request. jose refetches the JWKS
 * itself when a token names an unknown key (rotation).
 */
export function remoteJwksVerifier(options: VerifierOptions): AccessTokenVerifier {
  let jwks: Promise<JWTVerifyGetKey> | undefined;
  const keys = () => {
    jwks ??= discoverJwks(options.issuer).catch((error: unknown) => {
      jwks = undefined;
      throw error;
    });
    return jwks;
  };
  return verifierOf(keys, options);
}

/** Verifies tokens against keys the service holds itself (identity-api: its own signing keys). */
export function localJwksVerifier(keys: JWK[], options: VerifierOptions): AccessTokenVerifier {
  const jwks = createLocalJWKSet({ keys });
  return verifierOf(async () => jwks, options);
}

/** Another service calling, as its access token describes it (OAuth client credentials). */
export interface ServiceClient {
  clientId: string;
}

/**
 * A valid token's service client; null when the token is valid but is not one of those clients'
 * own (a user's token, or another client's): the caller is known, and refused (403).
 */
export type ServiceTokenVerifier = (token: string) => Promise<ServiceClient | null>;

/**
 * Verifies a service's client-credentials token against keys the service holds itself: the same
 * checks as a user's token, then the token must be one of `clientIds`' own, about no user. An
 * authorization server sets `sub` to the client id when no account is involved (oidc-provider
 * does), and only a user's token carries `roles` or `username`.
 */
export function localServiceVerifier(
  keys: JWK[],
  options: VerifierOptions & { clientIds: readonly string[] },
): ServiceTokenVerifier {
  const jwks = createLocalJWKSet({ keys });
  const claims = claimsVerifier(async () => jwks, options);
  return async (token) => {
    const payload = await claims(token);
    const clientId = payload.client_id;
    const ownToken =
      typeof clientId === 'string' &&
      options.clientIds.includes(clientId) &&
      payload.sub === clientId &&
      payload.roles === undefined &&
      payload.username === undefined;
    return ownToken ? { clientId } : null;
  };
}

async function discoverJwks(issuer: string): Promise<JWTVerifyGetKey> {
  const url = `${issuer}/.well-known/openid-configuration`;
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(5000) });
  } catch (error) {
    throw new Error(`Unable to reach the identity service at ${issuer} to verify the access token`, {
      cause: error,
    });
  }
  if (!response.ok) throw new Error(`identity discovery ${url} answered ${response.status}`);
  const document = (await response.json()) as { jwks_uri?: unknown };
  if (typeof document.jwks_uri !== 'string') throw new Error(`identity discovery ${url} has no jwks_uri`);
  return createRemoteJWKSet(new URL(document.jwks_uri));
}

export function callerFromClaims(payload: JWTPayload): Caller {
  if (typeof payload.sub !== 'string' || payload.sub === '') {
    throw new InvalidAccessTokenError('token has no subject');
  }
  const roles = Array.isArray(payload.roles)
    ? payload.roles.filter((role): role is string => typeof role === 'string')
    : [];
  const username = typeof payload.username === 'string' ? payload.username : '';
  return { userId: payload.sub, username, roles, ...roleInfo(roles) };
}
