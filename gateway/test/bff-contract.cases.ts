import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { useContractValidation } from 'service-kit';
import { buildApp } from '../src/app.js';
import { bffOpenApi } from '../src/lib/bff-openapi.js';
import { mergeOpenApi, type OpenApiDocument } from '../src/lib/openapi-merge.js';
import {
  CSRF,
  identityEnv,
  sessionCookieOf,
  startGateway,
  testConfig,
  withSession,
  type GatewayHarness,
} from './helpers.js';

const PASSWORD = 'GoodPass2026';

type Content = Record<string, { schema: Record<string, unknown> }>;
interface Operation {
  requestBody?: { content: Content };
  parameters?: { in: string; name: string }[];
  responses: Record<string, { description: string; content?: Content }>;
}

const json = (schema: unknown) => ({ 'application/json': { schema } });
const component = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('the /bff routes: schemas, the merged OpenAPI document and the real answers', () => {
  let document: OpenApiDocument;
  let harness: GatewayHarness;
  let app: FastifyInstance;
  const others: FastifyInstance[] = [];
  // The services' Ajv (service-kit): what the contract's schemas are checked with everywhere.
  const ajv = Fastify();
  useContractValidation(ajv);

  beforeAll(async () => {
    document = mergeOpenApi({ gateway: await bffOpenApi() });
    harness = await startGateway('bff-contract', {
      users: [
        {
          username: 'contract.broker',
          password: PASSWORD,
          roles: ['broker'],
          firstName: 'Con',
          lastName: 'Tract',
          email: 'con@example.com',
        },
        { username: 'contract.nobody', password: PASSWORD, roles: [] },
        { username: 'contract.federated', password: PASSWORD, roles: ['broker'], identityProvider: 'google' },
        {
          username: 'contract.expired',
          password: PASSWORD,
          roles: ['employer'],
          passwordExpiresAt: '2020-01-01T00:00:00Z',
        },
      ],
      accounts: 'identity',
      env: { LOGIN_RATE_LIMIT: '1000', LOGIN_ACCOUNT_RATE_LIMIT: '1000' },
    });
    app = harness.app;
  });
  afterAll(async () => {
    for (const other of others) await other.close();
    await harness?.close();
    await ajv.close();
  });

  function operation(method: string, path: string): Operation {
    const item = document.paths?.[path] as Record<string, Operation> | undefined;
    const found = item?.[method.toLowerCase()];
    if (!found) throw new Error(`the document has no ${method} ${path}`);
    return found;
  }

  /** The JSON Schema check of what `status` declares (components resolved); none without content. */
  function validatorOf(method: string, path: string, status: number) {
    const declared = operation(method, path).responses[String(status)];
    const schema = declared?.content?.['application/json']?.schema;
    return (
      schema &&
      (ajv.validatorCompiler!({
        schema: { allOf: [schema], components: document.components },
        method,
        url: path,
        httpPart: 'body',
      }) as ((data: unknown) => boolean) & { errors?: unknown })
    );
  }

  /**
   * The answer's status is one the operation declares, and its body is what that status declares:
   * valid against the document's schema, or nothing where no content is declared.
   */
  function expectDeclared(method: string, path: string, answer: LightMyRequestResponse) {
    const declared = operation(method, path).responses[String(answer.statusCode)];
    expect({ [`${method} ${path}`]: answer.statusCode, declared: declared !== undefined }).toEqual({
      [`${method} ${path}`]: answer.statusCode,
      declared: true,
    });
    const validate = validatorOf(method, path, answer.statusCode);
    if (!validate) {
      expect(answer.body).toBe('');
      return;
    }
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    const body: unknown = answer.json();
    const valid = validate(body);
    expect({
      [`${method} ${path} ${answer.statusCode}`]: body,
      valid,
      errors: validate.errors ?? null,
    }).toEqual({
      [`${method} ${path} ${answer.statusCode}`]: body,
      valid: true,
      errors: null,
    });
  }

  it('holds the four session operations and the external sign-in, with their answers', () => {
    expect(Object.keys(document.paths ?? {}).sort()).toEqual([
      '/bff/auth',
      '/bff/callback',
      '/bff/external/login',
      '/bff/login',
      '/bff/logout',
      '/bff/user',
    ]);
    const login = operation('POST', '/bff/login');
    expect(login.requestBody?.content['application/json']?.schema).toMatchObject({
      required: ['username', 'password'],
    });
    expect(login.responses['200']!.content).toEqual(json(component('SessionUser')));
    expect(login.responses['400']!.content!['application/json']!.schema.anyOf).toEqual([
      component('LoginRefusal'),
      component('MessageError'),
    ]);
    for (const code of ['403', '413', '415', '429', '502']) {
      expect(login.responses[code]!.content).toEqual(json(component('MessageError')));
    }
    expect(login.responses['500']!.content).toEqual(json(component('ServerError')));

    const auth = operation('POST', '/bff/auth');
    expect(auth.requestBody?.content['application/json']?.schema).toMatchObject({ required: ['token'] });
    expect(auth.responses['200']!.content).toEqual(json(component('SessionUser')));
    expect(auth.responses['400']!.content!['application/json']!.schema.anyOf).toEqual([
      component('ValidationError'),
      component('MessageError'),
    ]);
    expect(Object.keys(auth.responses).sort()).toEqual(
      ['200', '400', '403', '413', '415', '429', '500', '502'].sort(),
    );

    const user = operation('GET', '/bff/user');
    expect(user.responses['200']!.content).toEqual(json(component('SessionUser')));
    expect(user.responses['401']!.content).toEqual(json(component('MessageError')));

    const logout = operation('POST', '/bff/logout');
    expect(logout.responses['204']).toEqual({ description: 'No content' });

    for (const path of ['/bff/external/login', '/bff/callback']) {
      expect(operation('GET', path).responses['302']).toMatchObject({
        headers: { location: { schema: { type: 'string' } } },
      });
      expect(operation('GET', path).responses['302']!.content).toBeUndefined();
    }
    expect(operation('GET', '/bff/external/login').parameters).toEqual([
      expect.objectContaining({ in: 'query', name: 'login_hint' }),
    ]);

    // The browser's SessionUser: every field the shell reads; `role` absent for a user without one.
    expect(document.components?.schemas?.SessionUser).toMatchObject({
      type: 'object',
      required: ['userId', 'username', 'email', 'firstName', 'lastName', 'fullName', 'roles', 'roleGroup'],
      properties: expect.objectContaining({ role: expect.objectContaining({ type: 'string' }) }),
    });
    expect(document.components?.schemas?.LoginRefusal).toMatchObject({ required: ['error', 'message'] });
  });

  it('joins the services’ documents: /bff paths whole, the /api paths as before, one set of components', async () => {
    const bff = await bffOpenApi();
    const service: OpenApiDocument = {
      openapi: '3.1.0',
      info: { title: 'cart-api', version: '1' },
      paths: { '/order/': { get: { summary: 'Orders', responses: { 200: { description: 'ok' } } } } },
      components: { schemas: { MessageError: bff.components!.schemas!.MessageError } },
    };
    const merged = mergeOpenApi({ cart: service, gateway: bff });
    expect(Object.keys(merged.paths ?? {})).toEqual([
      '/api/order',
      '/bff/auth',
      '/bff/callback',
      '/bff/external/login',
      '/bff/login',
      '/bff/logout',
      '/bff/user',
    ]);
    // The proxy's 502-504 belong to /api; a /bff route declares its own answers.
    expect(merged.paths!['/api/order']!.get).toMatchObject({ responses: { 504: expect.anything() } });
    expect(Object.keys((merged.paths!['/bff/user']!.get as Operation).responses)).not.toContain('504');

    const clash = {
      ...service,
      components: { schemas: { MessageError: { type: 'object', properties: { text: { type: 'string' } } } } },
    };
    expect(() => mergeOpenApi({ cart: clash, gateway: bff })).toThrow(
      'openapi-merge: component MessageError differs between the documents',
    );
  });

  it('answers each route only as declared, every body as its schema says', async () => {
    const post = (url: string, payload: unknown, headers: Record<string, string> = CSRF) =>
      app.inject({ method: 'POST', url, headers, payload: payload as object });
    const get = (url: string, headers: Record<string, string> = CSRF) =>
      app.inject({ method: 'GET', url, headers });
    const answers: [string, string, LightMyRequestResponse, number][] = [];
    const record = (method: string, path: string, answer: LightMyRequestResponse, status: number) => {
      answers.push([method, path, answer, status]);
      return answer;
    };

    const signedIn = record(
      'POST',
      '/bff/login',
      await post('/bff/login', { username: 'contract.broker', password: PASSWORD }),
      200,
    );
    // Every field of the SessionUser reaches the browser (the serializer drops what the schema lacks).
    expect(signedIn.json()).toEqual({
      userId: expect.any(String),
      username: 'contract.broker',
      email: 'con@example.com',
      firstName: 'Con',
      lastName: 'Tract',
      fullName: 'Con Tract',
      role: 'broker',
      roles: ['broker'],
      roleGroup: 'broker',
    });
    const cookie = sessionCookieOf(signedIn)!;
    const roleless = record(
      'POST',
      '/bff/login',
      await post('/bff/login', { username: 'contract.nobody', password: PASSWORD }),
      200,
    );
    expect(roleless.json()).toMatchObject({ roles: [], roleGroup: 'guest' });
    expect(roleless.json()).not.toHaveProperty('role');
    record('POST', '/bff/login', await post('/bff/login', { username: 'contract.broker' }), 400);
    record('POST', '/bff/login', await post('/bff/login', { username: 'contract.broker', password: 7 }), 400);
    record(
      'POST',
      '/bff/login',
      await post('/bff/login', { username: 'contract.broker', password: 'WrongPass2026' }),
      400,
    );
    for (const username of ['contract.federated', 'contract.expired']) {
      const refused = record(
        'POST',
        '/bff/login',
        await post('/bff/login', { username, password: PASSWORD }),
        400,
      );
      expect(refused.json()).toHaveProperty('redirectUrl');
    }
    record('POST', '/bff/login', await post('/bff/login', { username: 'x', password: 'y' }, {}), 403);
    record(
      'POST',
      '/bff/login',
      await app.inject({
        method: 'POST',
        url: '/bff/login',
        headers: { ...CSRF, 'content-type': 'text/plain' },
        payload: 'username=x',
      }),
      415,
    );
    record(
      'POST',
      '/bff/login',
      await app.inject({
        method: 'POST',
        url: '/bff/login',
        headers: { ...CSRF, 'content-type': 'application/json' },
        payload: '{"username":',
      }),
      400,
    );
    record(
      'POST',
      '/bff/login',
      await post('/bff/login', { username: 'x', password: 'y'.repeat(1024 * 1024) }),
      413,
    );

    const token = await harness.identity.issueLoginToken('contract.broker');
    record('POST', '/bff/auth', await post('/bff/auth', { token }), 200);
    record('POST', '/bff/auth', await post('/bff/auth', {}), 400);
    record('POST', '/bff/auth', await post('/bff/auth', { token: 'A'.repeat(43) }), 400);
    record('POST', '/bff/auth', await post('/bff/auth', { token: 'A'.repeat(600) }), 400);

    record('GET', '/bff/user', await get('/bff/user', withSession(cookie)), 200);
    record('GET', '/bff/user', await get('/bff/user'), 401);
    record('GET', '/bff/user', await get('/bff/user', {}), 403);

    record('POST', '/bff/logout', await post('/bff/logout', {}, withSession(cookie)), 204);
    record(
      'POST',
      '/bff/logout',
      await app.inject({ method: 'POST', url: '/bff/logout', headers: CSRF }),
      204,
    );

    record(
      'GET',
      '/bff/external/login',
      await get('/bff/external/login?login_hint=contract.federated', {}),
      302,
    );
    record('GET', '/bff/callback', await get('/bff/callback?state=unknown&code=x', {}), 302);

    // The throttle (429) and an unreachable identity-api (502), each on a gateway of its own.
    const env = identityEnv(harness.identity, { accounts: harness.identity.url, cart: harness.cart.url });
    const throttled = await buildApp(
      testConfig({ DATA_DIR: `${harness.data.path}/throttled`, ...env, LOGIN_RATE_LIMIT: '1' }),
    );
    others.push(throttled);
    const wrong = { username: 'contract.broker', password: 'WrongPass2026' };
    await throttled.inject({ method: 'POST', url: '/bff/login', headers: CSRF, payload: wrong });
    record(
      'POST',
      '/bff/login',
      await throttled.inject({ method: 'POST', url: '/bff/login', headers: CSRF, payload: wrong }),
      429,
    );
    record(
      'POST',
      '/bff/auth',
      await throttled.inject({ method: 'POST', url: '/bff/auth', headers: CSRF, payload: { token } }),
      429,
    );
    record(
      'GET',
      '/bff/external/login',
      await throttled.inject({ method: 'GET', url: '/bff/external/login' }),
      429,
    );
    const offline = await buildApp(
      testConfig({
        DATA_DIR: `${harness.data.path}/offline`,
        ...env,
        IDENTITY_ISSUER: 'http://127.0.0.1:9/oidc',
      }),
    );
    others.push(offline);
    record(
      'POST',
      '/bff/login',
      await offline.inject({ method: 'POST', url: '/bff/login', headers: CSRF, payload: wrong }),
      502,
    );
    record(
      'POST',
      '/bff/auth',
      await offline.inject({
        method: 'POST',
        url: '/bff/auth',
        headers: CSRF,
        payload: { token: 'A'.repeat(43) },
      }),
      502,
    );

    for (const [method, path, answer, status] of answers) {
      expect(`${method} ${path} ${answer.statusCode}`).toBe(`${method} ${path} ${status}`);
      expectDeclared(method, path, answer);
    }
    // The check itself refuses what a status does not declare.
    expect(validatorOf('GET', '/bff/user', 200)!({ userId: 'u1', username: 'x' })).toBe(false);
    expect(validatorOf('POST', '/bff/login', 400)!({ error: 'invalid' })).toBe(false);
    expect(validatorOf('POST', '/bff/auth', 400)!({ type: 'validation', errors: 'Token is required' })).toBe(
      false,
    );
    // Every operation of the document answered at least once.
    const seen = new Set(answers.map(([method, path]) => `${method} ${path}`));
    const listed = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(listed.filter((name) => !seen.has(name))).toEqual([]);
  });
});
