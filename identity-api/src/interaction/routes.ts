import rateLimit from '@fastify/rate-limit';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type Interaction, type Provider } from 'oidc-provider';
import { ACCOUNT_MESSAGES } from 'shared-domain';
import type { Config } from '../config.js';
import { INTERACTION_PATH, signInResult } from '../oidc/interactions.js';
import { signIn } from '../users/sign-in.js';
import { EXPIRED_TEXT, MISSING_INPUT_TEXT, REFUSAL_TEXT, UNREADABLE_FORM_TEXT } from './messages.js';
import { contentSecurityPolicy, expiredPage, signInPage } from './page.js';

const MAX_USERNAME = 200;
const MAX_PASSWORD = 1024;

interface Params {
  uid: string;
}

/**
 * The "external identity page" of the authorization code flow: oidc-provider sends the browser here
 * (interactions.url) and we answer with a server-rendered sign-in form. A right password (checked
 * exactly as by the password grant, federated users accepted) ends the interaction with the login
 * and the gateway's implicit consent; oidc-provider then redirects to the gateway with the code.
 *
 * CSRF: the form only works with the interaction cookie, which is SameSite=Lax and signed, so a
 * cross-site POST arrives without it and is refused.
 *
 * Browsers reach this page directly, so its form posts are limited per client address
 * (SIGN_IN_PAGE_RATE_LIMIT a minute): the lockout protects each account, this bounds password
 * spraying and mass lockouts from one address. Every answer here is a page, never JSON.
 */
export default async function interactionRoutes(
  app: FastifyInstance,
  // A getter: the provider is replaced when the keys change (plugins/app/oidc.ts).
  { provider: currentProvider, config }: { provider: () => Provider; config: Config },
): Promise<void> {
  // The form's redirects lead to the gateway's callback, or to the product's reset screen (APP_URL).
  const csp = contentSecurityPolicy([
    ...config.gatewayRedirectUris.map((uri) => new URL(uri).origin),
    new URL(config.appUrl).origin,
  ]);

  // Only this scope parses forms: the oidc mount above reads its bodies itself.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, new URLSearchParams(body as string)),
  );

  // Counters in memory: the page is served by one instance in the demo; behind several, the limit is
  // per instance (the accounts' lockout is shared through the database either way).
  await app.register(rateLimit, { global: false });

  const send = (reply: FastifyReply, status: number, html: string) =>
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', csp)
      .header('x-frame-options', 'DENY')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .send(html);

  // Refusals (the address limit, an over-long or non-form body, oidc-provider's 4xx) answer a page.
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) throw error;
    if (status === 429) return send(reply, 429, signInPage({ error: ACCOUNT_MESSAGES.tooManyAttempts }));
    // Fastify's own refusals (body too large, not a form); anything else is oidc-provider's.
    if (error.code?.startsWith('FST_'))
      return send(reply, status, signInPage({ error: UNREADABLE_FORM_TEXT }));
    return send(reply, status, expiredPage(EXPIRED_TEXT));
  });

  /** The interaction this browser is in, if it is the one in the URL; undefined when gone or foreign. */
  const interactionOf = async (
    request: FastifyRequest<{ Params: Params }>,
    reply: FastifyReply,
  ): Promise<Interaction | undefined> => {
    try {
      const interaction = await currentProvider().interactionDetails(request.raw, reply.raw);
      return interaction.uid === request.params.uid ? interaction : undefined;
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return undefined;
      throw error;
    }
  };

  app.get<{ Params: Params }>(
    `${INTERACTION_PATH}/:uid`,
    { schema: { hide: true } },
    async (request, reply) => {
      const interaction = await interactionOf(request, reply);
      if (!interaction) return send(reply, 400, expiredPage(EXPIRED_TEXT));
      const hint = interaction.params.login_hint;
      return send(reply, 200, signInPage({ username: typeof hint === 'string' ? hint : '' }));
    },
  );

  const postLimit = { rateLimit: { max: config.signInPageRateLimit, timeWindow: '1 minute' } };
  app.post<{ Params: Params }>(
    `${INTERACTION_PATH}/:uid`,
    // The browser's sign-in page, not the account API: outside the OpenAPI document.
    { config: postLimit, schema: { hide: true } },
    async (request, reply) => {
      const interaction = await interactionOf(request, reply);
      if (!interaction) return send(reply, 400, expiredPage(EXPIRED_TEXT));
      const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      const username = (form.get('username') ?? '').trim();
      const password = form.get('password') ?? '';
      if (!username || !password || username.length > MAX_USERNAME || password.length > MAX_PASSWORD) {
        return send(
          reply,
          400,
          signInPage({ username: username.slice(0, MAX_USERNAME), error: MISSING_INPUT_TEXT }),
        );
      }

      const result = await signIn(app.identityDb, config.lockout, username, password, new Date(), {
        acceptFederated: true,
      });
      if (!result.ok && result.error === 'password_expired' && !result.user.identityProvider) {
        // The reset screen in its "expired" form (§4); this sign-in is abandoned.
        await interaction.destroy();
        return reply
          .header('cache-control', 'no-store')
          .redirect(`${config.appUrl}/forgot-password?expired=true`, 303);
      }
      if (!result.ok) return send(reply, 401, signInPage({ username, error: REFUSAL_TEXT[result.error] }));

      let returnTo: string;
      const provider = currentProvider();
      try {
        returnTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          await signInResult(provider, interaction, result.user.userId),
        );
      } catch (error) {
        // The interaction ran out (or was used) while the password was being checked.
        if (error instanceof errors.SessionNotFound) return send(reply, 400, expiredPage(EXPIRED_TEXT));
        throw error;
      }
      return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
    },
  );
}
