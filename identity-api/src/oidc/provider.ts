import Provider, { errors, type Configuration } from 'oidc-provider';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { accessTokenClaims, findAccount } from './account.js';
import { kyselyAdapter } from './adapter.js';
import { firstPartyOfflineAccess, INTERACTION_PATH, interactionPrompts } from './interactions.js';
import { INTERACTION_TTL_SECONDS, type KeySet, providerKeys } from './keys.js';
import { ONE_TIME_TOKEN_GRANT, registerOneTimeTokenGrant } from './one-time-token-grant.js';
import { PASSWORD_GRANT, registerPasswordGrant } from './password-grant.js';
import { API_RESOURCE, apiResourceServer, SCOPES } from './resource.js';

/** The OIDC claims the id_token carries; all under `openid`, the one scope the gateway asks for. */
const ID_TOKEN_CLAIMS = ['sub', 'email', 'given_name', 'family_name', 'preferred_username', 'roles'];

/**
 * oidc-provider reads its keys once, when it is built (its keystore is private), so a new key set means
 * a new Provider (plugins/app/oidc.ts swaps it in); everything else it keeps is in the database.
 */
export function createProvider(config: Config, db: Db, keys: KeySet): Provider {
  const { jwks, cookieKeys } = providerKeys(keys);
  const configuration: Configuration = {
    adapter: kyselyAdapter(db),
    clients: [
      {
        client_id: config.gatewayClientId,
        client_secret: config.gatewayClientSecret,
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: [PASSWORD_GRANT, ONE_TIME_TOKEN_GRANT, 'authorization_code', 'refresh_token'],
        // The code flow signs federated users in through our sign-in page (src/interaction/).
        response_types: ['code'],
        redirect_uris: config.gatewayRedirectUris,
      },
      {
        // cart-api, server to server: looks users up and invites them (routes/internal). No user
        // ever signs in through it, so client credentials is its only grant.
        client_id: config.cartApiClientId,
        client_secret: config.cartApiClientSecret,
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
        scope: 'api',
      },
    ],
    // The current key first: oidc-provider signs with the first key of the alg, keygrip with the
    // first cookie key; the next and retiring keys only verify.
    jwks: { keys: jwks },
    cookies: { keys: cookieKeys },
    // Only the code flow is offered (for federated users); no implicit or hybrid.
    responseTypes: ['code'],
    // PKCE (S256, the only method oidc-provider 9 knows) even for our confidential client.
    pkce: { required: () => true },
    interactions: {
      url: (_ctx, interaction) => `${config.publicUrl}${INTERACTION_PATH}/${interaction.uid}`,
      policy: interactionPrompts(),
    },
    scopes: [...SCOPES],
    claims: { openid: ID_TOKEN_CLAIMS },
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => findAccount(db, sub),
    extraTokenClaims: async (_ctx, token) =>
      'accountId' in token && token.accountId ? accessTokenClaims(db, token.accountId) : undefined,
    features: {
      // Our own sign-in page instead (src/interaction/): the dev one would accept anyone.
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
      // cart-api's service token (a JWT for urn:pop:api with no user: `sub` is the client id).
      clientCredentials: { enabled: true },
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
      // Every JWT the signing key signs lives this long (src/oidc/keys.ts: how long a key is kept).
      ClientCredentials: config.tokens.accessTokenTtlSeconds,
      RefreshToken: config.tokens.refreshTokenTtlSeconds,
      // A grant outlives its rotating refresh tokens by a wide margin; revocation ends it early.
      Grant: config.tokens.refreshTokenTtlSeconds * 3,
      Session: config.tokens.refreshTokenTtlSeconds,
      Interaction: INTERACTION_TTL_SECONDS,
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
  registerOneTimeTokenGrant(provider, db, config);
  provider.use(firstPartyOfflineAccess(config.gatewayClientId));
  return provider;
}
