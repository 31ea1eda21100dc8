import { errors, type Provider, type TokenEndpointGrantContext } from 'oidc-provider';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { signIn } from '../users/sign-in.js';
import { requestedScope, respondWithTokens } from './issue-tokens.js';

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
  const { username, password } = ctx.oidc.params;
  if (!username || !password)
    throw new errors.InvalidRequest('missing required parameter(s) (username, password)');
  const scope = requestedScope(ctx.oidc.params);

  const result = await signIn(db, config.lockout, username, password);
  if (!result.ok) throw new errors.CustomOIDCProviderError('invalid_grant', result.error);
  await respondWithTokens(ctx, db, config, { accountId: result.user.userId, scope, gty: PASSWORD_GRANT });
}
