import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { roleInfo, type RoleGroup } from 'shared-domain';

/** The caller as an access token describes them (request.user). */
export interface AuthenticatedUser {
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

export interface AccessTokenVerifierOptions {
  issuer: string;
  audience: string;
}

export type AccessTokenVerifier = (token: string) => Promise<AuthenticatedUser>;

// Failures of identity-api's key endpoint are ours to report (500), not the caller's token (401).
const INFRASTRUCTURE_CODES = new Set(['ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID']);

/**
 * Verifies identity-api's JWT access tokens. The JWKS location comes from the issuer's discovery
 * document, fetched on the first token (so cart-api can start before identity-api) and kept;
 * a failed discovery is retried on the next request. jose refetches the JWKS itself when a token
 * names an unknown key (key rotation).
 */
export function createAccessTokenVerifier({
  issuer,
  audience,
}: AccessTokenVerifierOptions): AccessTokenVerifier {
  let jwks: Promise<JWTVerifyGetKey> | undefined;

  const keys = (): Promise<JWTVerifyGetKey> => {
    jwks ??= discoverJwks(issuer).catch((error: unknown) => {
      jwks = undefined;
      throw error;
    });
    return jwks;
  };

  return async (token) => {
    const getKey = await keys();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, getKey, { issuer, audience, clockTolerance: 5 }));
    } catch (error) {
      if (error instanceof errors.JOSEError && !INFRASTRUCTURE_CODES.has(error.code)) {
        throw new InvalidAccessTokenError(error.code);
      }
      throw error;
    }
    return userFromClaims(payload);
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

function userFromClaims(payload: JWTPayload): AuthenticatedUser {
  if (typeof payload.sub !== 'string' || payload.sub === '') {
    throw new InvalidAccessTokenError('token has no subject');
  }
  const roles = Array.isArray(payload.roles)
    ? payload.roles.filter((role): role is string => typeof role === 'string')
    : [];
  const username = typeof payload.username === 'string' ? payload.username : '';
  return { userId: payload.sub, username, roles, ...roleInfo(roles) };
}
