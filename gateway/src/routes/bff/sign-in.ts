import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../contract/bff.js';
import { sessionUserFromClaims } from '../../lib/session-user.js';
import type { IssuedTokens } from '../../plugins/app/identity-client.js';
import { signIns } from '../../plugins/app/observability.js';

/** How a user signed in, as the log says it. Only `external` tokens are refreshed at another issuer. */
export type SignInVia = 'password' | 'sign-in link' | 'external';

/**
 * The one sign-in every way ends in: the SessionUser of the id_token, a new session, a log line.
 * Undefined (logged) when the grant answered without a usable id_token; the caller answers that its way.
 */
export async function completeSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  issued: IssuedTokens,
  via: SignInVia,
): Promise<SessionUser | undefined> {
  const user = issued.idClaims && sessionUserFromClaims(issued.idClaims);
  if (!user) {
    request.log.error({ via }, 'grant answered without a usable id_token');
    return undefined;
  }
  await app.authentication.signIn(request, issued, user, via === 'external' ? 'external' : undefined);
  request.log.info({ userId: user.userId, via }, 'signed in');
  // Refusals are counted from the answers (plugins/app/observability.ts); a success here, every way.
  signIns(app)?.inc({ via, outcome: 'success', reason: '' });
  return user;
}
