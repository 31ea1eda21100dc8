import { interactionPolicy, type Interaction, type InteractionResults, type Provider } from 'oidc-provider';
import { API_RESOURCE } from './resource.js';

/** Where oidc-provider sends the browser to sign in: our own page (src/interaction/), outside /oidc. */
export const INTERACTION_PATH = '/interaction';

/** What the authorization code flow grants the gateway, the scope of the password grant's tokens. */
const CODE_FLOW_SCOPE = 'openid offline_access';

/**
 * The default prompts, plus: every authorization request asks for the password again. The page is a
 * sign-in for the gateway, not a single sign-on: an earlier identity-api session must neither skip
 * lockout and expiry nor silently sign in whoever it belonged to (the `login_hint` only prefills the
 * username; nothing checks the account against it).
 */
export function interactionPrompts(): interactionPolicy.Prompt[] {
  const policy = interactionPolicy.base();
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check(
        'fresh_sign_in',
        'every sign-in asks for the password',
        'login_required',
        (ctx) => !ctx.oidc.result?.login,
      ),
    );
  return policy;
}

interface QueryContext {
  method: string;
  path: string;
  url: string;
  querystring: string;
  req: { originalUrl?: string };
}

/**
 * oidc-provider drops `offline_access` from an authorization request without `prompt=consent` (OIDC
 * Core §11) unless "other conditions" permit offline access. Ours: the gateway is first-party and its
 * consent is implicit, so its requests carry `consent` among their prompts (GET /auth, the only way
 * the gateway starts the flow). The consent itself is then granted along with the sign-in.
 */
export function firstPartyOfflineAccess(clientId: string) {
  return async (ctx: QueryContext, next: () => Promise<unknown>): Promise<void> => {
    if (ctx.method === 'GET' && ctx.path === '/auth') {
      const query = new URLSearchParams(ctx.querystring);
      const prompts = (query.get('prompt') ?? '').split(' ').filter(Boolean);
      const scopes = (query.get('scope') ?? '').split(' ');
      if (
        query.getAll('client_id').length === 1 &&
        query.get('client_id') === clientId &&
        query.getAll('prompt').length <= 1 &&
        scopes.includes('offline_access') &&
        !prompts.includes('none') &&
        !prompts.includes('consent')
      ) {
        query.set('prompt', [...prompts, 'consent'].join(' '));
        // oidc-provider finds its mount path as the part of originalUrl before url: keep them in step.
        const { originalUrl } = ctx.req;
        const mountPath = originalUrl?.slice(0, Math.max(0, originalUrl.indexOf(ctx.url))) ?? '';
        ctx.querystring = query.toString();
        if (originalUrl !== undefined) ctx.req.originalUrl = mountPath + ctx.url;
      }
    }
    await next();
  };
}

/**
 * The result that ends a sign-in on our page: the login, and the gateway's consent granted with it
 * (first-party client: no consent screen). Any earlier identity-api session in this browser is ended
 * first, so signing in as another user never meets oidc-provider's "switch account?" logout step.
 */
export async function signInResult(
  provider: Provider,
  interaction: Interaction,
  accountId: string,
): Promise<InteractionResults> {
  const earlier = interaction.session?.uid;
  if (earlier) {
    // Detached before it is destroyed: oidc-provider refuses an interaction whose session vanished.
    interaction.session = undefined;
    await interaction.persist();
    await (await provider.Session.findByUid(earlier))?.destroy();
  }
  const clientId = String(interaction.params.client_id);
  const grant = new provider.Grant({ accountId, clientId });
  grant.addOIDCScope(CODE_FLOW_SCOPE);
  grant.addResourceScope(API_RESOURCE, CODE_FLOW_SCOPE);
  const grantId = await grant.save();
  return { login: { accountId }, consent: { grantId } };
}
