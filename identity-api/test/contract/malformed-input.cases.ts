import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startIdentityApi, type TestIdentityApi } from '../../src/testing.js';
import { accountState } from './account-state.js';
import { accessToken } from '../routes/http.js';

/**
 * The malformed-input sweep of the account API (issue 8, acceptance): built from identity-api's own
 * OpenAPI document (so a new route is swept without a line here), every operation with a body, a
 * query or path parameters gets wrong types, unknown fields, missing fields, 100 KB strings, nested
 * objects and arrays where strings belong, and 400-digit numbers. Each answers 400 in the
 * catalogue's format (or the reset screen's `{success:false, message}`), never 500, and changes
 * nothing in the database.
 */
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  maxLength?: number;
};
interface Operation {
  parameters?: { in: string; name: string; schema: Schema }[];
  requestBody?: { content: { 'application/json': { schema: Schema } } };
}

const HUNDRED_KB = 'x'.repeat(100 * 1024);
const DIGITS_400 = '9'.repeat(400);
/** Far over any field's limit, yet under Node's 16 KB of request headers (a longer URL never reaches Fastify: 431). */
const TEN_KB = 'x'.repeat(10 * 1024);
const PASSWORD = 'SweepPass2026';
const METHODS = ['get', 'post'] as const;

const isString = (schema: Schema) =>
  schema.type === 'string' || (schema.anyOf ?? []).some((option) => option.type === 'string');

/** The malformed bodies of one body schema: each property spoiled in every way that fits it. */
function malformedBodies(schema: Schema): { what: string; payload: string }[] {
  const json = (value: unknown) => JSON.stringify(value);
  const bodies = [
    { what: 'an array for the body', payload: json([]) },
    { what: 'a string for the body', payload: json('text') },
    { what: 'an unknown field', payload: json({ unexpectedField: 'x' }) },
  ];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const spoil = (what: string, value: string) =>
      bodies.push({ what: `${name}: ${what}`, payload: `{"${name}":${value}}` });
    spoil('an object', json({ nested: { deeper: true } }));
    if (property.type === 'array') {
      // A list (of ids): wrong items, and a scalar where the list belongs.
      spoil('an array of objects', json([{ nested: true }]));
      spoil('an array of 100 KB strings', json([HUNDRED_KB]));
      spoil('a string', json('x'));
      continue;
    }
    spoil('an array', json(['x']));
    if (isString(property)) {
      spoil('a number', '12345');
      spoil('a 100 KB string', json(HUNDRED_KB));
      spoil('a 400-digit number', DIGITS_400);
    } else {
      spoil('a string', json('not-a-boolean'));
    }
  }
  return bodies;
}

/** The compliance-only operations (the back office's user links). */
const COMPLIANCE_PATHS = new Set(['/user/{userId}/linked-user', '/user/{userId}/{otherUserId}']);

describe('the account API refuses malformed input without a 500 and without a change', () => {
  let api: TestIdentityApi;
  let token: string;
  /** The service routes (/internal/…) take cart-api's token, so their input is read at all. */
  let serviceToken: string;
  /** The back office's routes (user links) take a compliance user's token, so their input is read at all. */
  let complianceToken: string;
  let userId: string;

  beforeAll(async () => {
    api = await startIdentityApi();
    ({ userId } = await api.createUser({ username: 'sweep.user', password: PASSWORD, roles: ['broker'] }));
    token = await accessToken(api, 'sweep.user', PASSWORD);
    serviceToken = (await api.clientCredentialsGrant()).access_token!;
    await api.createUser({ username: 'sweep.compliance', password: PASSWORD, roles: ['compliance'] });
    complianceToken = await accessToken(api, 'sweep.compliance', PASSWORD);
  }, 30_000);
  afterAll(async () => {
    await api?.close();
  });

  const state = () => accountState(api);

  it('sweeps every account operation of the OpenAPI document', async () => {
    const document = (await (await fetch(`${api.url}/openapi.json`)).json()) as {
      paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
    };
    const before = await state();
    const refusals: string[] = [];
    let probes = 0;

    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation) continue;
        const url = path.replace('{userId}', userId).replace('{token}', 'not-a-token');
        const requests: { what: string; url: string; payload?: string }[] = [];
        const body = operation.requestBody?.content['application/json'].schema;
        if (body) for (const bad of malformedBodies(body)) requests.push({ ...bad, url });
        for (const parameter of operation.parameters ?? []) {
          if (parameter.in === 'query') {
            const name = encodeURIComponent(parameter.name);
            requests.push({ what: `?${parameter.name} 10 KB`, url: `${url}?${name}=${TEN_KB}` });
            requests.push({ what: `?${parameter.name} twice`, url: `${url}?${name}=a&${name}=b` });
          }
          if (parameter.in === 'path') {
            requests.push({
              what: `{${parameter.name}} 5 KB`,
              url: path.replace(`{${parameter.name}}`, HUNDRED_KB.slice(0, 5000)),
            });
          }
        }
        if (operation.parameters?.some((parameter) => parameter.in === 'query')) {
          requests.push({ what: 'an unknown query field', url: `${url}?unexpectedField=1` });
        }
        for (const request of requests) {
          probes += 1;
          const response = await fetch(`${api.url}${request.url.replace(/\{\w+\}/g, 'x')}`, {
            method: method.toUpperCase(),
            headers: {
              authorization: `Bearer ${
                path.startsWith('/internal/')
                  ? serviceToken
                  : COMPLIANCE_PATHS.has(path)
                    ? complianceToken
                    : token
              }`,
              ...(request.payload !== undefined ? { 'content-type': 'application/json' } : {}),
            },
            body: method === 'post' ? (request.payload ?? '{}') : undefined,
          });
          const answer = (await response.json()) as Record<string, unknown>;
          const catalogue =
            (answer.type === 'validation' && Array.isArray(answer.errors)) ||
            typeof answer.message === 'string';
          if (response.status !== 400 || !catalogue) {
            refusals.push(
              `${method.toUpperCase()} ${path} with ${request.what}: ${response.status} ${JSON.stringify(answer).slice(0, 200)}`,
            );
          }
        }
      }
    }
    expect(refusals).toEqual([]);
    expect(probes).toBeGreaterThan(100);
    expect(await state()).toBe(before);
  }, 120_000);
});
