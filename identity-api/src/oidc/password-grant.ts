import { errors, type Provider, type TokenEndpointGrantContext } from 'oidc-provider';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { signIn } from '../users/sign-in.js';
import { findAccount } from './account.js';
import { API_RESOURCE, apiResourceServer, SCOPES } from './resource.js';

export const PASSWORD_GRANT = 'password';

interface PasswordParams {
  username?: string;
  password?: string;
}

/**
 * The resource owner password grant (RFC 6749 §4.3) for the gateway only (ARCHITECTURE.md, deliberate
 * deviation). A refusal answers `400 {error:'invalid_grant', error_description: <key of the specs>}`.
 */
export function registerPasswordGrant(provider: Provider, db: Db, config: Config): void {
  provider.registerGrantType<PasswordParams>(PASSWORD_GRANT, async (ctx) => passwordGrant(ctx, db, config), [
    'username',
    'password',
    'scope',
    'resource',
  ]);
}

async function passwordGrant(
  ctx: TokenEndpointGrantContext<PasswordParams>,
  db: Db,
  config: Config,
): Promise<void> {
  const { provider, client, params } = ctx.oidc;
  const { username, password } = params;
  if (!username || !password)
    throw new errors.InvalidRequest('missing required parameter(s) (username, password)');
  if (params.resource !== undefined && params.resource !== API_RESOURCE) {
    throw new errors.InvalidTarget('only urn:pop:api may be requested');
  }
  const requested = (params.scope ?? 'openid').split(' ').filter(Boolean);
  const unknown = requested.filter((scope) => !(SCOPES as readonly string[]).includes(scope));
  if (unknown.length > 0) throw new errors.InvalidScope('requested scope is not allowed', unknown.join(' '));
  const scope = [...new Set(requested)].join(' ');

  const result = await signIn(db, config.lockout, username, password);
  if (!result.ok) throw new errors.CustomOIDCProviderError('invalid_grant', result.error);
  const accountId = result.user.userId;
  const account = await findAccount(db, accountId);
  if (!account) throw new errors.InvalidGrant('account not found');
  ctx.oidc.entity('Account', account);

  const grant = new provider.Grant({ accountId, clientId: client.clientId });
  grant.addOIDCScope(scope);
  grant.addResourceScope(API_RESOURCE, scope);
  const grantId = await grant.save();
  ctx.oidc.entity('Grant', grant);

  const accessToken = new provider.AccessToken({ accountId, client, grantId, gty: PASSWORD_GRANT, scope });
  accessToken.resourceServer = new provider.ResourceServer(API_RESOURCE, apiResourceServer(config));
  ctx.oidc.entity('AccessToken', accessToken);
  const accessTokenValue = await accessToken.save();

  const scopes = new Set(scope.split(' '));
  let refreshTokenValue: string | undefined;
  if (scopes.has('offline_access') && client.grantTypeAllowed('refresh_token')) {
    const refreshToken = new provider.RefreshToken({
      accountId,
      client,
      grantId,
      gty: PASSWORD_GRANT,
      scope,
      resource: API_RESOURCE,
      rotations: 0,
    });
    ctx.oidc.entity('RefreshToken', refreshToken);
    refreshTokenValue = await refreshToken.save();
  }

  let idTokenValue: string | undefined;
  if (scopes.has('openid')) {
    const idToken = new provider.IdToken({ ...(await account.claims('id_token', scope, {}, [])) }, { ctx });
    // The id_token's claims are filtered by its scope (a property @types/oidc-provider leaves out).
    Object.assign(idToken, { scope: 'openid' });
    idTokenValue = await idToken.issue({ use: 'idtoken' });
  }

  ctx.body = {
    access_token: accessTokenValue,
    expires_in: accessToken.expiration,
    token_type: accessToken.tokenType,
    scope: accessToken.scope,
    ...(idTokenValue && { id_token: idTokenValue }),
    ...(refreshTokenValue && { refresh_token: refreshTokenValue }),
  };
}
