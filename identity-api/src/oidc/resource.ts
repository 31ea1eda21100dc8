import type { ResourceServer } from 'oidc-provider';
import type { Config } from '../config.js';

/** The one protected resource: cart-api (and later any API behind the gateway). */
export const API_RESOURCE = 'urn:pop:api';

export const SCOPES = ['openid', 'offline_access', 'api'] as const;

export function apiResourceServer(config: Config): ResourceServer {
  return {
    scope: SCOPES.join(' '),
    audience: API_RESOURCE,
    accessTokenFormat: 'jwt',
    accessTokenTTL: config.tokens.accessTokenTtlSeconds,
  };
}
