import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type Interaction, type Provider } from 'oidc-provider';
import type { Config } from '../config.js';
import { INTERACTION_PATH, signInResult } from '../oidc/interactions.js';
import { signIn } from '../users/sign-in.js';
import { EXPIRED_TEXT, MISSING_INPUT_TEXT, REFUSAL_TEXT } from './messages.js';
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
 */
export default async function interactionRoutes(
  app: FastifyInstance,
  { provider, config }: { provider: Provider; config: Config },
): Promise<void> {
  const csp = contentSecurityPolicy(config.gatewayRedirectUris.map((uri) => new URL(uri).origin));

  // Only this scope parses forms: the oidc mount above reads its bodies itself.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, new URLSearchParams(body as string)),
  );

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

  /** The interaction this browser is in, if it is the one in the URL; undefined when gone or foreign. */
  const interactionOf = async (
    request: FastifyRequest<{ Params: Params }>,
    reply: FastifyReply,
  ): Promise<Interaction | undefined> => {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return interaction.uid === request.params.uid ? interaction : undefined;
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return undefined;
      throw error;
    }
  };

  app.get<{ Params: Params }>(`${INTERACTION_PATH}/:uid`, async (request, reply) => {
    const interaction = await interactionOf(request, reply);
    if (!interaction) return send(reply, 400, expiredPage(EXPIRED_TEXT));
    const hint = interaction.params.login_hint;
    return send(reply, 200, signInPage({ username: typeof hint === 'string' ? hint : '' }));
  });

  app.post<{ Params: Params }>(`${INTERACTION_PATH}/:uid`, async (request, reply) => {
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
    if (!result.ok) return send(reply, 401, signInPage({ username, error: REFUSAL_TEXT[result.error] }));

    const returnTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      await signInResult(provider, interaction, result.user.userId),
    );
    return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
  });
}
