import type { FastifyInstance, FastifyReply } from 'fastify';
import { MESSAGES } from 'shared-domain';
import { sessionUserFromClaims } from '../../lib/session-user.js';
import { GATEWAY_MESSAGES } from '../../messages.js';
import { IdentityRefusal, IdentityUnavailable } from '../../plugins/app/identity-client.js';

export interface BffRoutesOptions {
  /** Login attempts per client address and minute. */
  loginRateLimit: number;
}

function nonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

/** The answer to a refused password grant, by identity-api's error key (specs/1-foundation.md §4, §8). */
function refusal(reply: FastifyReply, key: string) {
  switch (key) {
    case 'locked_out':
      return reply.code(400).send({ error: 'locked_out', message: MESSAGES.lockedOut });
    case 'password_expired':
      return reply.code(400).send({
        error: 'password_expired',
        message: GATEWAY_MESSAGES.passwordExpired,
        redirect: '/forgot-password?expired=true',
      });
    case 'gsuite':
      return reply.code(400).send({ error: 'gsuite', message: GATEWAY_MESSAGES.gsuite });
    default:
      // user_not_found, unauthorized and anything unknown look alike: no hint whether the user exists.
      return reply.code(400).send({ error: 'invalid', message: MESSAGES.invalidLogin });
  }
}

export default async function bffRoutes(app: FastifyInstance, options: BffRoutesOptions) {
  // `POST /bff/logout` may come with a JSON content type and no body: that is not an error.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text) as unknown);
    } catch {
      done(Object.assign(new Error('The request body is not valid JSON'), { statusCode: 400 }), undefined);
    }
  });

  app.post(
    '/login',
    {
      config: { rateLimit: { max: options.loginRateLimit, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const { username, password } = body;
      if (!nonEmpty(username) || !nonEmpty(password)) {
        return reply.code(400).send({ message: MESSAGES.missingLogin });
      }
      let issued;
      try {
        issued = await app.identity.passwordGrant(username, password);
      } catch (error) {
        if (error instanceof IdentityRefusal) return refusal(reply, error.key);
        if (error instanceof IdentityUnavailable) {
          request.log.error({ err: error.cause }, 'password grant failed: identity-api unavailable');
          return reply.code(502).send({ message: GATEWAY_MESSAGES.unreachable });
        }
        throw error;
      }
      const user = issued.idClaims && sessionUserFromClaims(issued.idClaims);
      if (!user) {
        request.log.error('password grant answered without a usable id_token');
        return reply.code(502).send({ message: GATEWAY_MESSAGES.unreachable });
      }
      await app.authentication.signIn(request, issued, user);
      request.log.info({ userId: user.userId }, 'signed in');
      return user;
    },
  );

  app.get('/user', async (request, reply) => {
    const auth = app.authentication.current(request);
    if (!auth) return reply.code(401).send({ message: GATEWAY_MESSAGES.notSignedIn });
    return auth.user;
  });

  app.post('/logout', async (request, reply) => {
    await app.authentication.signOut(request, reply);
    return reply.code(204).send();
  });
}
