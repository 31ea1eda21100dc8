import { errors, type Provider, type TokenEndpointGrantContext } from 'oidc-provider';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { findById } from '../users/users.js';
import { requestedScope, respondWithTokens } from './issue-tokens.js';
import { consumeLoginToken } from './login-tokens.js';

export const ONE_TIME_TOKEN_GRANT = 'urn:pop:params:oauth:grant-type:one-time-token';

interface OneTimeTokenParams {
  token?: string;
}

/**
 * Exchanges a one-time sign-in token (`/auth?token=`, issued by an administrator with the CLI) for
 * the password grant's tokens. Every refusal is `400 {error:'invalid_grant',
 * error_description:'invalid_token'}`: the link is unusable, whatever the reason.
 */
export function registerOneTimeTokenGrant(provider: Provider, db: Db, config: Config): void {
  provider.registerGrantType<OneTimeTokenParams>(
    ONE_TIME_TOKEN_GRANT,
    async (ctx) => oneTimeTokenGrant(ctx, db, config),
    ['token', 'scope', 'resource'],
  );
}

async function oneTimeTokenGrant(
  ctx: TokenEndpointGrantContext<OneTimeTokenParams>,
  db: Db,
  config: Config,
): Promise<void> {
  const { token } = ctx.oidc.params;
  if (!token) throw new errors.InvalidRequest('missing required parameter(s) (token)');
  // Checked before the token is used up, so a malformed request does not spend it.
  const scope = requestedScope(ctx.oidc.params);

  const now = new Date();
  const userId = await consumeLoginToken(db, token, now);
  const user = userId ? await findById(db, userId) : undefined;
  // The token stands in for the password: federated users and expired passwords are accepted (an
  // administrator issued it), a locked account is not.
  if (!user || (user.lockedUntil && new Date(user.lockedUntil) > now)) {
    throw new errors.CustomOIDCProviderError('invalid_grant', 'invalid_token');
  }
  await respondWithTokens(ctx, db, config, { accountId: user.userId, scope, gty: ONE_TIME_TOKEN_GRANT });
}
