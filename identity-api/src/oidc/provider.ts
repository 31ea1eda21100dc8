import Provider, { errors, type Configuration } from 'oidc-provider';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { accessTokenClaims, findAccount } from './account.js';
import { kyselyAdapter } from './adapter.js';
import { PASSWORD_GRANT, registerPasswordGrant } from './password-grant.js';
import { API_RESOURCE, apiResourceServer, SCOPES } from './resource.js';
import { cookieKeys, signingKeys } from './secrets.js';

/** The OIDC claims the id_token carries; all under `openid`, the one scope the gateway asks for. */
const ID_TOKEN_CLAIMS = ['sub', 'email', 'given_name', 'family_name', 'preferred_username', 'roles'];

export async function createProvider(config: Config, db: Db): Promise<Provider> {
  const configuration: Configuration = {
    adapter: kyselyAdapter(db),
    clients: [
      {
        client_id: config.gatewayClientId,
        client_secret: config.gatewayClientSecret,
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: [PASSWORD_GRANT, 'refresh_token'],
        // The authorization code flow (federated users) comes later; until then no response types.
        response_types: [],
        redirect_uris: [],
      },
    ],
    jwks: { keys: await signingKeys(db) },
    cookies: { keys: await cookieKeys(db) },
    // Only the code flow is ever offered (for federated users, later); no implicit or hybrid.
    responseTypes: ['code'],
    scopes: [...SCOPES],
    claims: { openid: ID_TOKEN_CLAIMS },
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => findAccount(db, sub),
    extraTokenClaims: async (_ctx, token) =>
      'accountId' in token && token.accountId ? accessTokenClaims(db, token.accountId) : undefined,
    features: {
      // No interactive login page here: the dev one would accept anyone.
      devInteractions: { enabled: false },
      // A client may introspect and revoke only its own tokens.
      introspection: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      // Access tokens are only for urn:pop:api, so there is nothing for a userinfo endpoint to serve.
      userinfo: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => API_RESOURCE,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== API_RESOURCE) throw new errors.InvalidTarget();
          return apiResourceServer(config);
        },
      },
    },
    issueRefreshToken: (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') && code.scopes.has('offline_access'),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: config.tokens.accessTokenTtlSeconds,
      IdToken: config.tokens.accessTokenTtlSeconds,
      RefreshToken: config.tokens.refreshTokenTtlSeconds,
      // A grant outlives its rotating refresh tokens by a wide margin; revocation ends it early.
      Grant: config.tokens.refreshTokenTtlSeconds * 3,
      Session: config.tokens.refreshTokenTtlSeconds,
      Interaction: 10 * 60,
    },
    // Only the gateway calls us, server to server: no CORS for anyone.
    clientBasedCORS: () => false,
    renderError: (ctx, out) => {
      ctx.type = 'json';
      ctx.body = out;
    },
  };

  const provider = new Provider(config.issuer, configuration);
  // Honour X-Forwarded-* from a TLS-terminating proxy in front of us.
  provider.proxy = true;
  registerPasswordGrant(provider, db, config);
  return provider;
}
