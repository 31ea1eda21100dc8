import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Role } from 'shared-domain';
import { createTestDatabase } from 'service-kit/server';
import { buildApp, type BuildOptions } from './app.js';
import { loadConfig } from './config.js';
import { ONE_TIME_TOKEN_GRANT } from './oidc/one-time-token-grant.js';
import { issueLoginToken } from './oidc/login-tokens.js';
import { createUser, findByUsername } from './users/users.js';

/**
 * A real identity-api for other packages' tests (`identity-api/testing`): the whole app on
 * 127.0.0.1, a free port, a fresh database from createTestDatabase() (SQLite, or PostgreSQL with
 * TEST_DB=postgres). close() stops it and drops the database.
 */
export const DEFAULT_TEST_PASSWORD = 'TestPass2026';

export interface TestUserInput {
  username: string;
  password: string;
  roles: Role[];
  email?: string;
  firstName?: string;
  lastName?: string;
  userId?: string;
  /** ISO date-time; in the past makes sign-in answer password_expired. */
  passwordExpiresAt?: string;
  /** Set to make sign-in answer gsuite. */
  identityProvider?: string;
  /**
   * The address verified from the start (as the demo seed makes them); unset, it is unverified, as
   * after a registration whose link was never opened.
   */
  emailVerified?: boolean;
}

/** The token endpoint's JSON: tokens on success, `{error, error_description}` on refusal. */
export interface TokenEndpointResponse {
  access_token?: string;
  id_token?: string;
  refresh_token?: string;
  token_type?: string;
  expires_in?: number;
  scope?: string;
  error?: string;
  error_description?: string;
}

export interface TestIdentityApi {
  issuer: string;
  url: string;
  clientId: string;
  clientSecret: string;
  /** cart-api's client (client credentials): what cart-api's CART_API_CLIENT_ID/SECRET must say. */
  cartApiClientId: string;
  cartApiClientSecret: string;
  /** cart-api's service token (client credentials, resource urn:pop:api), or the refusal. */
  clientCredentialsGrant(): Promise<TokenEndpointResponse>;
  createUser(input: TestUserInput): Promise<{ userId: string }>;
  passwordGrant(username: string, password: string): Promise<TokenEndpointResponse>;
  /** A one-time sign-in token for the user, as `issue-login-token` makes (the `/auth?token=` value). */
  issueLoginToken(username: string): Promise<string>;
  /** The one-time-token grant (scope `openid offline_access`): tokens on success, the refusal otherwise. */
  tokenGrant(token: string): Promise<TokenEndpointResponse>;
  /**
   * Plays the browser on the external identity page: opens `authorizationUrl` (the gateway's redirect
   * to our authorization endpoint), submits the sign-in form, and follows identity-api's redirects.
   * `redirectTo` is where the browser is finally sent (the redirect_uri with code and state, or an
   * error); when the page answers again instead (wrong password…), `page` is its HTML.
   */
  signInAtAuthorizationUrl(
    authorizationUrl: string,
    username: string,
    password: string,
  ): Promise<ExternalSignIn>;
  close(): Promise<void>;
  /** The running app (for identity-api's own tests). */
  app: FastifyInstance;
  databaseUrl: string;
  /** Where e-mails go as .eml files without SMTP_URL (startIdentityApi: a fresh folder, removed by close()). */
  outboxDir: string;
  /** Resolves once the e-mails of earlier requests (password-reset passcodes) are written or sent. */
  mailSettled(): Promise<void>;
}

export interface ExternalSignIn {
  status: number;
  redirectTo?: string;
  page?: string;
}

/**
 * `env` adds configuration, e.g. `GATEWAY_REDIRECT_URIS` for a test gateway's `/bff/callback`.
 */
export async function startIdentityApi(
  options: {
    users?: TestUserInput[];
    env?: NodeJS.ProcessEnv;
    /** Where the log lines go (tests read them; LOG_LEVEL in `env`). */
    logStream?: { write(line: string): void };
    /** The key ring's clock and reload timer (`timer: false`: the test calls `app.keyRing.tick()`). */
    keys?: BuildOptions['keys'];
  } = {},
): Promise<TestIdentityApi> {
  const testDb = await createTestDatabase();
  const outboxDir = mkdtempSync(join(tmpdir(), 'identity-outbox-'));
  const cleanUp = async () => {
    rmSync(outboxDir, { recursive: true, force: true });
    await testDb.drop();
  };
  try {
    const api = await startOnDatabase(testDb.url, {
      env: { OUTBOX_DIR: outboxDir, ...options.env },
      logStream: options.logStream,
      keys: options.keys,
    });
    for (const user of options.users ?? []) await api.createUser(user);
    return {
      ...api,
      async close() {
        await api.close();
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/**
 * Starts the app on an existing database; close() leaves the database in place, so a test can start
 * it again on the same database and port (same issuer), as after a restart.
 */
export async function startOnDatabase(
  databaseUrl: string,
  options: {
    port?: number;
    env?: NodeJS.ProcessEnv;
    logStream?: { write(line: string): void };
    keys?: BuildOptions['keys'];
  } = {},
): Promise<TestIdentityApi> {
  const port = options.port ?? (await freePort());
  const config = loadConfig({
    NODE_ENV: 'test',
    ...options.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
  });
  const app = await buildApp(config, {
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.keys ? { keys: options.keys } : {}),
  });
  await app.listen({ port: config.port, host: config.host });
  const url = `http://127.0.0.1:${port}`;
  const basic = `Basic ${Buffer.from(`${encodeURIComponent(config.gatewayClientId)}:${encodeURIComponent(config.gatewayClientSecret)}`).toString('base64')}`;

  return {
    issuer: config.issuer,
    url,
    clientId: config.gatewayClientId,
    clientSecret: config.gatewayClientSecret,
    cartApiClientId: config.cartApiClientId,
    cartApiClientSecret: config.cartApiClientSecret,
    async clientCredentialsGrant() {
      const cartApiBasic = `Basic ${Buffer.from(`${encodeURIComponent(config.cartApiClientId)}:${encodeURIComponent(config.cartApiClientSecret)}`).toString('base64')}`;
      const response = await fetch(`${config.issuer}/token`, {
        method: 'POST',
        headers: { authorization: cartApiBasic, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'api' }),
      });
      return (await response.json()) as TokenEndpointResponse;
    },
    app,
    databaseUrl,
    outboxDir: config.mail.outboxDir,
    mailSettled: () => app.background.settled(),
    async createUser(input) {
      const user = await createUser(app.identityDb, {
        userId: input.userId,
        username: input.username,
        password: input.password,
        roles: input.roles,
        email: input.email ?? `${input.username}@example.com`,
        firstName: input.firstName ?? 'Test',
        lastName: input.lastName ?? 'User',
        passwordExpiresAt: input.passwordExpiresAt,
        identityProvider: input.identityProvider,
        emailVerified: input.emailVerified ?? false,
      });
      return { userId: user.userId };
    },
    async passwordGrant(username, password) {
      const response = await fetch(`${config.issuer}/token`, {
        method: 'POST',
        headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'password',
          username,
          password,
          scope: 'openid offline_access',
        }),
      });
      return (await response.json()) as TokenEndpointResponse;
    },
    async issueLoginToken(username) {
      const user = await findByUsername(app.identityDb, username);
      if (!user) throw new Error(`no user ${username}`);
      return issueLoginToken(app.identityDb, user.userId, config.loginTokenTtlSeconds);
    },
    async tokenGrant(token) {
      const response = await fetch(`${config.issuer}/token`, {
        method: 'POST',
        headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: ONE_TIME_TOKEN_GRANT,
          token,
          scope: 'openid offline_access',
        }),
      });
      return (await response.json()) as TokenEndpointResponse;
    },
    signInAtAuthorizationUrl: (authorizationUrl, username, password) =>
      new IdentityBrowser(url).signIn(authorizationUrl, username, password),
    async close() {
      await app.close();
    },
  };
}

/**
 * A browser on identity-api only, for driving its sign-in page: keeps its cookies, follows redirects
 * while they stay on identity-api. One instance is one browser (cookies shared by its sign-ins).
 */
export class IdentityBrowser {
  private readonly jar = new Map<string, string>();

  constructor(private readonly origin: string) {}

  /** One request with this browser's cookies, redirects not followed. */
  async request(target: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(target, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return response;
  }

  /** Follows redirects on identity-api; stops at the first page or at a redirect elsewhere. */
  async follow(response: Response, from: string): Promise<ExternalSignIn & { url: string }> {
    let current = response;
    let url = from;
    while (current.status >= 300 && current.status < 400) {
      const next = new URL(current.headers.get('location') ?? '', url).toString();
      if (new URL(next).origin !== new URL(this.origin).origin) {
        return { status: current.status, redirectTo: next, url };
      }
      url = next;
      current = await this.request(next);
    }
    return { status: current.status, page: await current.text(), url };
  }

  /** Opens the authorization URL, submits the sign-in form it leads to, follows the redirects. */
  async signIn(authorizationUrl: string, username: string, password: string): Promise<ExternalSignIn> {
    const form = await this.follow(await this.request(authorizationUrl), authorizationUrl);
    if (form.redirectTo || form.status !== 200) {
      return { status: form.status, redirectTo: form.redirectTo, page: form.page };
    }
    const posted = await this.request(form.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, password }).toString(),
    });
    const { url: _url, ...result } = await this.follow(posted, form.url);
    return result;
  }
}

/** A port nothing listens on right now, for a test server whose URL must be known before it starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}
