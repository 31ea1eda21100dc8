import { errors, type TokenEndpointGrantContext } from 'oidc-provider';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { findAccount } from './account.js';
import { API_RESOURCE, apiResourceServer, SCOPES } from './resource.js';

/** The scope a custom grant may issue: the requested one (default `openid`) if every part is known. */
export function requestedScope(params: { scope?: string; resource?: string | string[] }): string {
  if (params.resource !== undefined && params.resource !== API_RESOURCE) {
    throw new errors.InvalidTarget('only urn:pop:api may be requested');
  }
  const requested = (params.scope ?? 'openid').split(' ').filter(Boolean);
  const unknown = requested.filter((scope) => !(SCOPES as readonly string[]).includes(scope));
  if (unknown.length > 0) throw new errors.InvalidScope('requested scope is not allowed', unknown.join(' '));
  return [...new Set(requested)].join(' ');
}

/**
 * The token response of our custom grants (password, one-time token) for an account already signed
 * in: a new grant, a JWT access token for urn:pop:api, a refresh token with `offline_access` and an
 * id_token with `openid` — the same tokens the authorization code flow ends with.
 */
export async function respondWithTokens(
  ctx: TokenEndpointGrantContext,
  db: Db,
  config: Config,
  { accountId, scope, gty }: { accountId: string; scope: string; gty: string },
): Promise<void> {
  const { provider, client } = ctx.oidc;
  const account = await findAccount(db, accountId);
  if (!account) throw new errors.InvalidGrant('account not found');
  ctx.oidc.entity('Account', account);

  const grant = new provider.Grant({ accountId, clientId: client.clientId });
  grant.addOIDCScope(scope);
  grant.addResourceScope(API_RESOURCE, scope);
  const grantId = await grant.save();
  ctx.oidc.entity('Grant', grant);

  const accessToken = new provider.AccessToken({ accountId, client, grantId, gty, scope });
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
      gty,
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
