import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES, MESSAGES } from 'shared-domain';
import { useContractValidation, type FastifyPluginAsyncTypebox } from 'service-kit';
import { BFF_COMPONENTS, BFF_ROUTES, MAX_TOKEN_LENGTH, type LoginRefusal } from '../../contract/bff.js';
import { GATEWAY_MESSAGES } from '../../messages.js';
import {
  IdentityRefusal,
  IdentityUnavailable,
  type IssuedTokens,
} from '../../plugins/app/identity-client.js';
import type { SignInFlows } from '../../plugins/app/sign-in-flows.js';
import externalSignIn from './external.js';
import { completeSignIn, type SignInVia } from './sign-in.js';

export interface BffRoutesOptions {
  /** Where the browser reaches the gateway (the external sign-in's redirect_uri). */
  publicUrl: string;
  /** External sign-ins under way (state, nonce, PKCE verifier), kept between redirect and callback. */
  flows: SignInFlows;
  now: () => number;
}

function nonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

/** The answer to a refused password grant, by identity-api's error key (specs/1-foundation.md §4, §8). */
function refusal(reply: FastifyReply, key: string, username: string) {
  switch (key) {
    case 'locked_out':
      return reply
        .code(400)
        .send({ error: 'locked_out', message: MESSAGES.lockedOut } satisfies LoginRefusal);
    case 'password_expired':
      return reply.code(400).send({
        error: 'password_expired',
        message: ACCOUNT_MESSAGES.passwordExpired,
        redirectUrl: '/forgot-password?expired=true',
      } satisfies LoginRefusal);
    case 'gsuite':
      // §4: an identity-provider user goes to the external identity page, the username prefilled.
      return reply.code(400).send({
        error: 'gsuite',
        message: GATEWAY_MESSAGES.gsuite,
        redirectUrl: `/bff/external/login?login_hint=${encodeURIComponent(username.trim())}`,
      } satisfies LoginRefusal);
    default:
      // user_not_found, unauthorized and anything unknown look alike: no hint whether the user exists.
      return reply
        .code(400)
        .send({ error: 'invalid', message: MESSAGES.invalidLogin } satisfies LoginRefusal);
  }
}

const DECLARED = new Set<unknown>(Object.values(BFF_ROUTES).map((route) => route.schema));

const bffRoutes: FastifyPluginAsyncTypebox<BffRoutesOptions> = async (app, options) => {
  // Every route here is one of BFF_ROUTES, so the OpenAPI document (lib/bff-openapi.ts) lists each
  // of them with the schemas it really has. Each answers a body or query outside its schema itself,
  // with the catalogue's text (the missing login, the missing token, the failed redirect): a
  // validation failure is attached to the request, never answered by the error handler.
  app.addHook('onRoute', (route) => {
    if (!DECLARED.has(route.schema)) {
      throw new Error(`route ${String(route.method)} ${route.url}: declare it in src/contract/bff.ts`);
    }
    route.attachValidation = true;
  });
  // A JSON body as sent (no coercion: `{"password": 7}` is not the string "7"), queries as strings.
  useContractValidation(app);
  for (const schema of BFF_COMPONENTS) app.addSchema(schema);

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

  /** A password or sign-in-link grant's tokens → a new session, answered with its SessionUser. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, issued: IssuedTokens, via: SignInVia) {
    const user = await completeSignIn(app, request, issued, via);
    return user ?? reply.code(502).send({ message: GATEWAY_MESSAGES.unreachable });
  }

  app.route({
    ...BFF_ROUTES.login,
    preHandler: app.signInThrottle.byAddressAndAccount,
    handler: async (request, reply) => {
      // As sent, whatever the schema says (attachValidation): the two checks below are the answer.
      const body = (request.body ?? {}) as Record<string, unknown>;
      const { username, password } = body;
      if (!nonEmpty(username) || !nonEmpty(password)) {
        return reply.code(400).send({ message: MESSAGES.missingLogin });
      }
      let issued;
      try {
        issued = await app.identity.passwordGrant(username, password);
      } catch (error) {
        if (error instanceof IdentityRefusal) return refusal(reply, error.key, username);
        if (error instanceof IdentityUnavailable) {
          request.log.error({ err: error.cause }, 'password grant failed: identity-api unavailable');
          return reply.code(502).send({ message: GATEWAY_MESSAGES.unreachable });
        }
        throw error;
      }
      return signIn(request, reply, issued, 'password');
    },
  });

  // The e-mailed sign-in link (`/auth?token=`): the shell posts the token, identity-api's
  // one-time-token grant answers tokens once.
  app.route({
    ...BFF_ROUTES.auth,
    preHandler: app.signInThrottle.byAddress,
    handler: async (request, reply) => {
      const { token } = (request.body ?? {}) as Record<string, unknown>;
      if (!nonEmpty(token)) {
        return reply.code(400).send({ type: 'validation', errors: [ACCOUNT_MESSAGES.required('Token')] });
      }
      // No link of ours is that long: refused like any unknown token, without asking identity-api.
      if (token.length > MAX_TOKEN_LENGTH) {
        return reply.code(400).send({ message: ACCOUNT_MESSAGES.invalidSignInLink });
      }
      let issued;
      try {
        issued = await app.identity.oneTimeTokenGrant(token.trim());
      } catch (error) {
        if (error instanceof IdentityRefusal) {
          request.log.info({ key: error.key }, 'sign-in link refused');
          return reply.code(400).send({ message: ACCOUNT_MESSAGES.invalidSignInLink });
        }
        if (error instanceof IdentityUnavailable) {
          request.log.error({ err: error.cause }, 'token grant failed: identity-api unavailable');
          return reply.code(502).send({ message: GATEWAY_MESSAGES.unreachable });
        }
        throw error;
      }
      return signIn(request, reply, issued, 'sign-in link');
    },
  });

  await app.register(externalSignIn, {
    publicUrl: options.publicUrl,
    flows: options.flows,
    now: options.now,
  });

  app.route({
    ...BFF_ROUTES.user,
    handler: async (request, reply) => {
      const auth = app.authentication.current(request);
      if (!auth) return reply.code(401).send({ message: GATEWAY_MESSAGES.notSignedIn });
      return auth.user;
    },
  });

  app.route({
    ...BFF_ROUTES.logout,
    handler: async (request, reply) => {
      await app.authentication.signOut(request, reply);
      return reply.code(204).send(null);
    },
  });
};

export default bffRoutes;
