import { afterEach, describe, expect, it } from '@jest/globals';
import { Type } from 'typebox';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import {
  createService,
  InvalidAccessTokenError,
  localServiceVerifier,
  routeContract,
  type Caller,
  type Policies,
  type Service,
} from '../src/index.js';

const callers: Record<string, Caller> = {
  'token-broker-a': {
    userId: 'broker-a',
    username: 'a',
    roles: ['broker'],
    role: 'broker',
    roleGroup: 'broker',
  },
  'token-compliance': {
    userId: 'officer',
    username: 'c',
    roles: ['compliance'],
    role: 'compliance',
    roleGroup: 'compliance',
  },
};
const verify = async (token: string) => {
  const caller = callers[token];
  if (!caller) throw new InvalidAccessTokenError('unknown');
  return caller;
};

const notes = new Map([
  ['11111111-1111-4111-8111-111111111111', { owner: 'broker-a', text: 'mine' }],
  ['22222222-2222-4222-8222-222222222222', { owner: 'broker-b', text: 'theirs' }],
]);
const policies: Policies = {
  note: {
    exists: async (id) => notes.has(id),
    allows: async (caller, _action, id) =>
      caller?.roleGroup === 'compliance' || notes.get(id)?.owner === caller?.userId,
    notFoundMessage: 'Note not found',
  },
  user: { allows: async (caller, _action, id) => caller?.userId === id },
};

const NoteId = Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false });
const Note = Type.Object({ text: Type.String({ maxLength: 100 }) }, { additionalProperties: false });

let app: Service | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function service(register: (app: Service) => void): Promise<Service> {
  app = await createService({
    logger: false,
    exposeStackTraces: false,
    openApi: { title: 't', version: '1' },
  });
  await app.register(routeContract, { verify, policies });
  register(app);
  await app.ready();
  return app;
}

const ok = { summary: 'A note', response: { 200: Note } };

describe('the route contract refuses routes that do not keep it', () => {
  const cases: [string, (app: Service) => void, RegExp][] = [
    [
      'no access',
      (s) => s.get('/a', { config: { ownership: 'none' }, schema: ok }, async () => ({ text: '' })),
      /config.access/,
    ],
    [
      'no ownership',
      (s) => s.get('/a', { config: { access: ['broker'] }, schema: ok }, async () => ({ text: '' })),
      /config.ownership/,
    ],
    [
      'no response',
      (s) =>
        s.get(
          '/a',
          { config: { access: 'public', ownership: 'none' }, schema: { summary: 'x' } },
          async () => ({}),
        ),
      /2xx response/,
    ],
    [
      'no summary',
      (s) =>
        s.get(
          '/a',
          { config: { access: 'public', ownership: 'none' }, schema: { response: ok.response } },
          async () => ({ text: '' }),
        ),
      /summary/,
    ],
    [
      'no params schema',
      (s) =>
        s.get('/a/:id', { config: { access: 'public', ownership: 'none' }, schema: ok }, async () => ({
          text: '',
        })),
      /params schema/,
    ],
    [
      'unbounded string',
      (s) =>
        s.post(
          '/a',
          {
            config: { access: 'public', ownership: 'none' },
            schema: { ...ok, body: Type.Object({ text: Type.String() }, { additionalProperties: false }) },
          },
          async () => ({ text: '' }),
        ),
      /without maxLength/,
    ],
    [
      'open body',
      (s) =>
        s.post(
          '/a',
          {
            config: { access: 'public', ownership: 'none' },
            schema: { ...ok, body: Type.Object({ text: Type.String({ maxLength: 5 }) }) },
          },
          async () => ({ text: '' }),
        ),
      /unknown fields/,
    ],
    [
      'write without body',
      (s) =>
        s.post('/a', { config: { access: 'public', ownership: 'none' }, schema: ok }, async () => ({
          text: '',
        })),
      /without a body schema/,
    ],
    [
      'unknown resource',
      (s) =>
        s.get(
          '/a/:id',
          {
            config: { access: ['broker'], ownership: { resource: 'ghost', action: 'read', param: 'id' } },
            schema: { ...ok, params: NoteId },
          },
          async () => ({ text: '' }),
        ),
      /no policy/,
    ],
    [
      'param not in path',
      (s) =>
        s.get(
          '/a',
          {
            config: { access: ['broker'], ownership: { resource: 'note', action: 'read', param: 'id' } },
            schema: ok,
          },
          async () => ({ text: '' }),
        ),
      /not in the path/,
    ],
    [
      'service route in a scope that cannot verify services',
      (s) =>
        s.get('/a', { config: { access: 'service', ownership: 'none' }, schema: ok }, async () => ({
          text: '',
        })),
      /without verifyService/,
    ],
  ];
  it.each(cases)('%s', async (_name, register, message) => {
    await expect(service(register)).rejects.toThrow(message);
  });
});

describe('a route that keeps it', () => {
  const register = (s: Service) => {
    s.get(
      '/note/:id',
      {
        config: {
          access: ['broker', 'compliance'],
          ownership: { resource: 'note', action: 'read', param: 'id' },
        },
        schema: { ...ok, params: NoteId },
      },
      async (request) => ({ text: notes.get(request.params.id)!.text, secret: 'never sent' }),
    );
    s.post(
      '/note',
      {
        config: { access: ['broker'], ownership: 'none' },
        schema: { summary: 'Add', body: Note, response: { 200: Note } },
      },
      async (request) => ({ text: request.body.text }),
    );
  };

  it('verifies the caller, refuses other groups, and hides records the caller may not see', async () => {
    const s = await service(register);
    const get = (id: string, token?: string) =>
      s.inject({ url: `/note/${id}`, headers: token ? { authorization: `Bearer ${token}` } : {} });
    const own = '11111111-1111-4111-8111-111111111111';
    const foreign = '22222222-2222-4222-8222-222222222222';
    const missing = '33333333-3333-4333-8333-333333333333';
    expect((await get(own)).statusCode).toBe(401);
    expect((await get(own, 'forged')).statusCode).toBe(401);
    const mine = await get(own, 'token-broker-a');
    expect(mine.json()).toEqual({ text: 'mine' }); // the schema drops what it does not name
    const theirs = await get(foreign, 'token-broker-a');
    const absent = await get(missing, 'token-broker-a');
    expect([theirs.statusCode, theirs.json()]).toEqual([404, { message: 'Note not found' }]);
    expect([absent.statusCode, absent.json()]).toEqual([theirs.statusCode, theirs.json()]);
    expect((await get(foreign, 'token-compliance')).json()).toEqual({ text: 'theirs' });
    expect((await get('not-a-uuid', 'token-broker-a')).json()).toMatchObject({ type: 'validation' });
    const post = await s.inject({
      method: 'POST',
      url: '/note',
      headers: { authorization: 'Bearer token-compliance' },
      payload: { text: 'x' },
    });
    expect(post.statusCode).toBe(403);
  });

  it('refuses wrong types, unknown fields and long strings in a body, in the catalogue format', async () => {
    const s = await service(register);
    const post = (payload: unknown) =>
      s.inject({
        method: 'POST',
        url: '/note',
        headers: { authorization: 'Bearer token-broker-a' },
        payload: payload as object,
      });
    expect((await post({ text: 'fine' })).json()).toEqual({ text: 'fine' });
    for (const bad of [
      { text: 12 },
      { text: ['x'] },
      { text: { a: 1 } },
      { text: 'x', extra: 1 },
      {},
      { text: 'x'.repeat(101) },
    ]) {
      const answer = await post(bad);
      expect([answer.statusCode, answer.json().type]).toEqual([400, 'validation']);
    }
    expect((await post({ text: 'x', extra: 1 })).json().errors).toEqual(['extra is not allowed']);
  });

  it('asks the policy before the query and the body are validated: a foreign id with a bad input reads like an unknown one', async () => {
    const s = await service((app) =>
      app.post(
        '/note/:id',
        {
          config: { access: ['broker'], ownership: { resource: 'note', action: 'write', param: 'id' } },
          schema: {
            summary: 'Edit',
            params: NoteId,
            querystring: Type.Object(
              { draft: Type.Optional(Type.Boolean()) },
              { additionalProperties: false },
            ),
            body: Note,
            response: { 200: Note },
          },
        },
        async (request) => ({ text: request.body.text }),
      ),
    );
    const post = (id: string, payload: unknown, query = '') =>
      s.inject({
        method: 'POST',
        url: `/note/${id}${query}`,
        headers: { authorization: 'Bearer token-broker-a' },
        payload: payload as object,
      });
    const own = '11111111-1111-4111-8111-111111111111';
    const foreign = '22222222-2222-4222-8222-222222222222';
    const missing = '33333333-3333-4333-8333-333333333333';
    for (const [payload, query] of [
      [{ text: 12 }, ''],
      [{ text: 'x', extra: 1 }, ''],
      [{ text: 'fine' }, '?zzUnknown=1'],
    ] as const) {
      const theirs = await post(foreign, payload, query);
      const absent = await post(missing, payload, query);
      expect([theirs.statusCode, theirs.json()]).toEqual([404, { message: 'Note not found' }]);
      expect([absent.statusCode, absent.json()]).toEqual([theirs.statusCode, theirs.json()]);
      // The caller's own record: the input is read, and refused.
      expect((await post(own, payload, query)).json()).toMatchObject({ type: 'validation' });
    }
    // A malformed id names no record: the path's own shape answers, before any policy is asked.
    expect((await post('not-a-uuid', { text: 12 })).json()).toMatchObject({ type: 'validation' });
    expect((await post(own, { text: 'fine' })).json()).toEqual({ text: 'fine' });
  });

  it('publishes OpenAPI 3.1 with the access, the error answers and the shared error schemas', async () => {
    const s = await service(register);
    const document = (await s.inject({ url: '/openapi.json' })).json();
    expect(document.openapi).toBe('3.1.0');
    const operation = document.paths['/note/{id}'].get;
    expect(operation.summary).toBe('A note');
    expect(operation.description).toMatch(/role groups broker, compliance.*note named by \{id\}/s);
    expect(operation.description.match(/Access:/g)).toHaveLength(1); // not again for the HEAD twin
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '400', '401', '403', '404', '500']);
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['ValidationError', 'MessageError', 'ServerError']),
    );
    expect(document.paths['/openapi.json']).toBeUndefined();
  });
});

describe("the specs' doubled paths", () => {
  const register = (s: Service) => {
    s.get(
      '/box/:id',
      {
        config: {
          access: ['broker', 'compliance'],
          ownership: { resource: ['note', 'user'], action: 'read', param: 'id' },
        },
        schema: {
          summary: 'A note, or the caller',
          params: Type.Object({ id: Type.String({ maxLength: 64 }) }, { additionalProperties: false }),
          response: { 200: Type.Object({ resource: Type.String(), id: Type.String() }) },
        },
      },
      async (request) => request.target!,
    );
  };

  it('names the first resource whose record exists, and refuses a foreign one like an unknown id', async () => {
    const s = await service(register);
    const get = (id: string, token = 'token-broker-a') =>
      s.inject({ url: `/box/${id}`, headers: { authorization: `Bearer ${token}` } });
    const own = '11111111-1111-4111-8111-111111111111';
    const foreign = '22222222-2222-4222-8222-222222222222';
    expect((await get(own)).json()).toEqual({ resource: 'note', id: own });
    expect((await get('broker-a')).json()).toEqual({ resource: 'user', id: 'broker-a' });
    const theirs = await get(foreign);
    const nobody = await get('broker-b');
    // The note policy's own message would tell a foreign note from an id that names no note.
    expect([theirs.statusCode, theirs.json()]).toEqual([404, { message: 'Not found' }]);
    expect([nobody.statusCode, nobody.json()]).toEqual([404, { message: 'Not found' }]);
    expect((await get(foreign, 'token-compliance')).json()).toEqual({ resource: 'note', id: foreign });
  });
});

describe("the router's own refusals", () => {
  it('answer 400 {message} in the catalogue, without echoing the path', async () => {
    const s = await service((app) => {
      app.get(
        '/note/:id',
        {
          config: { access: 'public', ownership: 'none' },
          schema: { ...ok, params: NoteId },
        },
        async () => ({ text: '' }),
      );
    });
    const long = await s.inject({ url: `/note/${'x'.repeat(100 * 1024)}` });
    expect([long.statusCode, long.json()]).toEqual([400, { message: 'A path parameter is too long' }]);
    const broken = await s.inject({ url: '/note/%E0%A4%A' });
    expect([broken.statusCode, broken.json()]).toEqual([400, { message: 'The path is not valid' }]);
  });
});

describe('request logging', () => {
  it('writes one line per request, its own, with the request id from the gateway', async () => {
    const lines: { msg: string; reqId?: string; res?: { statusCode: number } }[] = [];
    const s = await createService({
      logger: { level: 'debug', production: true, stream: { write: (line) => lines.push(JSON.parse(line)) } },
      exposeStackTraces: false,
      openApi: { title: 't', version: '1' },
    });
    app = s;
    await s.ready();
    await s.inject({ url: '/nowhere', headers: { 'x-request-id': 'gateway-42' } });
    const requestLines = lines.filter((line) => line.reqId === 'gateway-42');
    expect(requestLines.map((line) => [line.msg, line.res?.statusCode])).toEqual([
      ['request completed', 404],
    ]);
  });
});

describe('service routes (another service, with its client-credentials token)', () => {
  const verifyService = async (token: string) => {
    if (token === 'token-service') return { clientId: 'pop-cart-api' };
    if (callers[token]) return null; // a user's valid token
    throw new InvalidAccessTokenError('unknown');
  };

  async function serviceScope(): Promise<Service> {
    app = await createService({
      logger: false,
      exposeStackTraces: false,
      openApi: { title: 't', version: '1' },
    });
    await app.register(routeContract, { verify, policies, verifyService });
    app.post(
      '/internal/echo',
      {
        config: { access: 'service', ownership: 'none' },
        schema: { summary: 'Echo', body: Note, response: { 200: Note } },
      },
      async (request) => ({ text: request.body.text }),
    );
    await app.ready();
    return app;
  }

  it('answers the service client only: no token 401, a bad one 401, a user of any role 403', async () => {
    const s = await serviceScope();
    const post = (token?: string) =>
      s.inject({
        method: 'POST',
        url: '/internal/echo',
        headers: token ? { authorization: `Bearer ${token}` } : {},
        payload: { text: 'hi' },
      });
    expect([(await post()).statusCode, (await post()).json()]).toEqual([
      401,
      { message: 'Authentication required' },
    ]);
    expect((await post('forged')).statusCode).toBe(401);
    expect([(await post('token-compliance')).statusCode, (await post('token-broker-a')).statusCode]).toEqual([
      403, 403,
    ]);
    expect((await post('token-compliance')).json()).toEqual({
      message: 'You do not have permission to perform this action',
    });
    expect((await post('token-service')).json()).toEqual({ text: 'hi' });
  });

  it('must act on no record, and says who may call it in OpenAPI', async () => {
    const s = await serviceScope();
    const operation = (await s.inject({ url: '/openapi.json' })).json().paths['/internal/echo'].post;
    expect(operation.description).toMatch(/service clients only/);
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '400', '401', '403', '500']);
    await app!.close();
    app = await createService({
      logger: false,
      exposeStackTraces: false,
      openApi: { title: 't', version: '1' },
    });
    await app.register(routeContract, { verify, policies, verifyService });
    expect(() =>
      app!.get(
        '/internal/note/:id',
        {
          config: { access: 'service', ownership: { resource: 'note', action: 'read', param: 'id' } },
          schema: { ...ok, params: NoteId },
        },
        async () => ({ text: '' }),
      ),
    ).toThrow(/ownership other than 'none'/);
  });

  it("localServiceVerifier accepts only the named clients' own tokens, about no user", async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' };
    const options = { issuer: 'https://issuer.test', audience: 'urn:pop:api', typ: 'at+jwt' };
    const verifyToken = localServiceVerifier([jwk], { ...options, clientIds: ['pop-cart-api'] });
    const sign = (claims: Record<string, unknown>, issuer = options.issuer) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'at+jwt' })
        .setIssuer(issuer)
        .setAudience(options.audience)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
    const service = { sub: 'pop-cart-api', client_id: 'pop-cart-api' };
    expect(await verifyToken(await sign(service))).toEqual({ clientId: 'pop-cart-api' });
    // A user's token, through the gateway or (were it possible) through the service's own client.
    expect(
      await verifyToken(await sign({ sub: 'u-1', client_id: 'pop-gateway', roles: ['admin'] })),
    ).toBeNull();
    expect(await verifyToken(await sign({ sub: 'u-1', client_id: 'pop-cart-api' }))).toBeNull();
    expect(await verifyToken(await sign({ ...service, roles: [] }))).toBeNull();
    expect(await verifyToken(await sign({ sub: 'other', client_id: 'other' }))).toBeNull();
    await expect(verifyToken(await sign(service, 'https://elsewhere.test'))).rejects.toThrow(
      InvalidAccessTokenError,
    );
  });
});
