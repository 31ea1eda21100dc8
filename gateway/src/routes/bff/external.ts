import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from 'service-kit';
import { BFF_ROUTES, MAX_LOGIN_HINT_LENGTH } from '../../contract/bff.js';
import { browserBinding, type SignInFlows } from '../../plugins/app/sign-in-flows.js';
import { completeSignIn } from './sign-in.js';

export interface ExternalSignInOptions {
  /** Where the browser reaches the gateway: the redirect_uri is `${publicUrl}/bff/callback`. */
  publicUrl: string;
  flows: SignInFlows;
  now: () => number;
}

/**
 * The one cookie besides the session's, only while an external sign-in is under way (≤ 10 minutes):
 * a random value that binds the server-side flow record to this browser. It carries no token.
 * SameSite=Lax, because it must come back on the issuer's cross-site redirect to /bff/callback.
 */
export const FLOW_COOKIE = '__Host-pop.flow';
const FLOW_COOKIE_MAX_AGE_S = 10 * 60;
const FLOW_COOKIE_OPTIONS = { path: '/', httpOnly: true, secure: true, sameSite: 'lax' } as const;

/** Where the browser lands when the external sign-in did not complete (the shell shows why). */
export const SIGN_IN_FAILED_URL = '/?signin=failed';

function queryOf(request: FastifyRequest): string {
  const at = request.url.indexOf('?');
  return at === -1 ? '' : request.url.slice(at);
}

function loginHintOf(request: FastifyRequest): string | undefined {
  const hint = (request.query as Record<string, unknown>).login_hint;
  if (typeof hint !== 'string') return undefined;
  const trimmed = hint.trim();
  return trimmed && trimmed.length <= MAX_LOGIN_HINT_LENGTH ? trimmed : undefined;
}

/**
 * External identity (the specs' `gsuite` users, §4 "Identity-provider user: redirect to an external
 * identity page"): authorization code + PKCE through openid-client. Both routes are top-level
 * navigations, so they are GET only and exempt from the X-CSRF rule (request-guard.ts); the state,
 * the flow cookie and PKCE stand in for it. Any failure ends at `/?signin=failed` with nothing stored.
 */
const externalSignIn: FastifyPluginAsyncTypebox<ExternalSignInOptions> = async (app, options) => {
  const redirectUri = `${options.publicUrl}/bff/callback`;

  function failed(reply: FastifyReply) {
    return reply.redirect(SIGN_IN_FAILED_URL, 302);
  }

  // Counted with the other sign-in attempts: each start writes a flow record to the store.
  app.route({
    ...BFF_ROUTES.externalLogin,
    preHandler: app.signInThrottle.byAddress,
    handler: async (request, reply) => {
      let start;
      try {
        start = await app.externalIdentity.startAuthorization(redirectUri, loginHintOf(request));
      } catch (error) {
        request.log.error({ err: error }, 'external sign-in could not start: issuer unavailable');
        return failed(reply);
      }
      const cookieValue = randomBytes(32).toString('base64url');
      await options.flows.save({
        state: start.state,
        nonce: start.nonce,
        codeVerifier: start.codeVerifier,
        browser: browserBinding(cookieValue),
        createdAt: options.now(),
      });
      reply.setCookie(FLOW_COOKIE, cookieValue, { ...FLOW_COOKIE_OPTIONS, maxAge: FLOW_COOKIE_MAX_AGE_S });
      return reply.redirect(start.url.href, 302);
    },
  });

  app.route({
    ...BFF_ROUTES.callback,
    handler: async (request, reply) => {
      const cookieValue = request.cookies[FLOW_COOKIE];
      reply.clearCookie(FLOW_COOKIE, FLOW_COOKIE_OPTIONS);
      const state = (request.query as Record<string, unknown>).state;
      if (!cookieValue || typeof state !== 'string') {
        request.log.warn({ flowCookie: Boolean(cookieValue) }, 'external sign-in callback without its flow');
        return failed(reply);
      }
      const flow = await options.flows.take(state, cookieValue);
      if (!flow) {
        request.log.warn('external sign-in callback: unknown, expired, used or foreign state');
        return failed(reply);
      }
      let issued;
      try {
        issued = await app.externalIdentity.authorizationCodeGrant(
          new URL(`${redirectUri}${queryOf(request)}`),
          flow,
        );
      } catch (error) {
        request.log.warn({ err: error }, 'external sign-in refused');
        return failed(reply);
      }
      const user = await completeSignIn(app, request, issued, 'external');
      return user ? reply.redirect('/', 302) : failed(reply);
    },
  });
};

export default externalSignIn;
