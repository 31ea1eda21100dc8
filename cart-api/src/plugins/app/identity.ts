import fp from 'fastify-plugin';

/** A user of identity-api, as cart-api shows one (a company's users). */
export interface IdentityUser {
  userId: string;
  userName: string;
  firstName: string;
  lastName: string;
  email: string;
  /** The effective role ('' for none). */
  role: string;
}

/** Whom an invitation to purchase goes to. */
export interface InviteInput {
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
}

export interface InviteResult {
  userId: string;
  /** False: the e-mail address already had an account (nothing was created). */
  created: boolean;
  /** The new account's first-login link, for the invitation e-mail; null when not created. */
  setupUrl: string | null;
}

/** identity-api's users, server to server (`app.identity`). */
export interface IdentityDirectory {
  /** The users with these ids; ids identity-api does not know are absent. */
  lookupUsers(userIds: readonly string[]): Promise<IdentityUser[]>;
  /** The account with this e-mail address, or a new employer account with its first-login link. */
  inviteUser(input: InviteInput): Promise<InviteResult>;
  /** The users linked to this user (the back office's user links), with their effective roles. */
  linkedUsers(userId: string): Promise<LinkedUser[]>;
  /** Every referral id the user brought, at registration or with a sign-in (partner entitlement). */
  referralIds(userId: string): Promise<string[]>;
  /** Which of these users `searcherId` (a broker) found lately by their exact username or e-mail. */
  foundBy(searcherId: string, userIds: readonly string[]): Promise<string[]>;
}

/** A user linked to another (identity-api's user links): whose documents the other also sees. */
export interface LinkedUser {
  userId: string;
  /** The effective role ('' for none). */
  role: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityDirectory;
  }
}

export interface IdentityClientOptions {
  /** identity-api's issuer: the token endpoint is `${issuer}/token`. */
  issuer: string;
  /** identity-api's base URL: the service routes are `${identityUrl}/internal/…`. */
  identityUrl: string;
  clientId: string;
  clientSecret: string;
  /** Each request to identity-api gives up after this long (default 5 s). */
  timeoutMs?: number;
  /** The clock (tests). */
  now?: () => number;
}

/** identity-api's lookup takes at most this many ids per request. */
export const LOOKUP_BATCH = 500;
/** A token is renewed this long before it expires, so no request carries one that runs out on the way. */
const RENEW_BEFORE_MS = 60_000;

interface CachedToken {
  value: string;
  renewAt: number;
}

/** A failure of the link to identity-api: our fault, never the caller's (500 with this text). */
export class IdentityServiceError extends Error {
  override name = 'IdentityServiceError';
}

/**
 * The client of identity-api's service routes: cart-api's client-credentials token, fetched from the
 * token endpoint, kept until shortly before it expires and shared by all requests (one token request
 * in flight at a time); a 401 from identity-api drops it and the call is tried once more with a new one.
 */
export function identityClient(options: IdentityClientOptions): IdentityDirectory {
  const timeoutMs = options.timeoutMs ?? 5000;
  const now = options.now ?? Date.now;
  let cached: CachedToken | undefined;
  let pending: Promise<string> | undefined;

  async function send(url: string, init: RequestInit, what: string): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const reason = (error as { name?: unknown } | null)?.name === 'TimeoutError' ? 'timed out' : 'failed';
      throw new IdentityServiceError(`The identity service could not be reached to ${what} (${reason})`, {
        cause: error,
      });
    }
  }

  async function requestToken(): Promise<string> {
    const basic = Buffer.from(
      `${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`,
    ).toString('base64');
    const response = await send(
      `${options.issuer}/token`,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'api' }),
      },
      'get its access token',
    );
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: unknown;
      expires_in?: unknown;
      error?: unknown;
    };
    if (!response.ok || typeof body.access_token !== 'string') {
      throw new IdentityServiceError(
        `The identity service refused cart-api's client credentials (${response.status} ${String(body.error ?? '')})`.trim(),
      );
    }
    const lifetimeMs = (typeof body.expires_in === 'number' ? body.expires_in : 60) * 1000;
    // A short-lived token is renewed halfway through instead.
    const renewAt = now() + Math.max(lifetimeMs - RENEW_BEFORE_MS, lifetimeMs / 2);
    cached = { value: body.access_token, renewAt };
    return body.access_token;
  }

  function token(): Promise<string> {
    if (cached && now() < cached.renewAt) return Promise.resolve(cached.value);
    pending ??= requestToken().finally(() => {
      pending = undefined;
    });
    return pending;
  }

  async function post<T>(path: string, body: unknown, what: string): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const bearer = await token();
      const response = await send(
        `${options.identityUrl}${path}`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${bearer}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify(body),
        },
        what,
      );
      // A token identity-api no longer accepts (a restart with new keys): forget it, ask once more.
      if (response.status === 401 && attempt === 1) {
        if (cached?.value === bearer) cached = undefined;
        continue;
      }
      if (!response.ok) {
        throw new IdentityServiceError(
          `The identity service answered ${response.status} when asked to ${what}`,
        );
      }
      return (await response.json()) as T;
    }
  }

  return {
    async lookupUsers(userIds) {
      const ids = [...new Set(userIds)];
      const users: IdentityUser[] = [];
      for (let start = 0; start < ids.length; start += LOOKUP_BATCH) {
        const batch = ids.slice(start, start + LOOKUP_BATCH);
        const answer = await post<{ users: IdentityUser[] }>(
          '/internal/users/lookup',
          { userIds: batch },
          'look users up',
        );
        users.push(...answer.users);
      }
      return users;
    },
    inviteUser: (input) => post<InviteResult>('/internal/users/invite', input, 'invite a user'),
    linkedUsers: async (userId) =>
      (await post<{ users: LinkedUser[] }>('/internal/users/links', { userId }, 'read user links')).users,
    referralIds: async (userId) =>
      (
        await post<{ referralIds: string[] }>(
          '/internal/users/referrals',
          { userId },
          "read a user's referral ids",
        )
      ).referralIds,
    foundBy: async (searcherId, userIds) =>
      userIds.length === 0
        ? []
        : (
            await post<{ userIds: string[] }>(
              '/internal/users/found',
              { searcherId, userIds: [...new Set(userIds)].slice(0, LOOKUP_BATCH) },
              "read whom a user's search found",
            )
          ).userIds,
  };
}

export interface IdentityPluginOptions {
  /** A directory to use instead of identity-api (tests). */
  directory?: IdentityDirectory;
  client?: Omit<IdentityClientOptions, 'clientSecret'> & { clientSecret: string | undefined };
}

/** Decorates `app.identity`: identity-api's users, reached server to server (never by the browser). */
export default fp<IdentityPluginOptions>(
  async (app, { directory, client }) => {
    if (directory) {
      app.decorate('identity', directory);
      return;
    }
    if (!client?.clientSecret) throw new Error('CART_API_CLIENT_SECRET is required when NODE_ENV=production');
    app.decorate('identity', identityClient({ ...client, clientSecret: client.clientSecret }));
  },
  { name: 'identity' },
);
