import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { RoleGroup } from 'shared-domain';
import type { RouteAccess } from './server/route-access.js';
import {
  bearerToken,
  InvalidAccessTokenError,
  type AccessTokenVerifier,
  type Caller,
  type ServiceTokenVerifier,
} from './caller.js';
import { forbidden, notFound, SERVICE_MESSAGES, unauthorized } from './errors.js';
import { ref } from './schemas.js';

/** The role groups a signed-in caller can be in. */
export type SignedInGroup = Exclude<RoleGroup, 'guest'>;

/**
 * Who may call a route:
 * - `public`: anyone, no token (the guest screens' calls);
 * - `optional`: anyone; `request.caller` is set when a valid token comes along (page views);
 * - `service`: another service, with its client-credentials token (`verifyService`); a user's token
 *   is refused (403) whatever their role, so these routes are never the browser's;
 * - a list of role groups: a signed-in caller in one of them (others: 403).
 */
export type Access = RouteAccess;

/**
 * Which record a route acts on, and what it does to it: the path parameter `param` names a record of
 * `resource`, and the service's policy for that resource decides whether the caller may do `action`
 * to it. Several resources (the specs' doubled paths, `GET epop-document/{userId}` and
 * `GET epop-document/{documentId}`) are tried in order: the first whose record exists is the one named
 * (the last needs no `exists`); the handler dispatches on `request.target.resource`.
 */
export interface Ownership {
  resource: string | readonly string[];
  action: string;
  param: string;
}

/** A route as its contract declared it (`contractRoutes`). */
export interface ContractRoute {
  method: string;
  /** Fastify's path, `:name` for a parameter (`/user/:userId/token/:token`). */
  url: string;
  access: Access;
  ownership: Ownership | 'none';
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route the contract accepted, in the order they were added (HEAD twins left out): who may
     * call what, readable by tools and tests (the gateway's public routes are held equal to these).
     */
    contractRoutes: ContractRoute[];
  }
  interface FastifyContextConfig {
    access?: Access;
    /** `'none'` for routes that act on no one record (public lists, the caller's own settings, admin lists). */
    ownership?: Ownership | 'none';
  }
  interface FastifyRequest {
    /** The signed-in caller; null for guests (public and optional routes). */
    caller: Caller | null;
    /** The record the ownership parameter names, once the policy allowed it. */
    target: { resource: string; id: string } | null;
  }
}

/** "May this caller do this action to this record?" One per resource; false for a missing record too. */
export interface Policy {
  allows(caller: Caller | null, action: string, id: string): Promise<boolean>;
  /** Whether a record with this id exists at all: tells which record a doubled path names. */
  exists?(id: string): Promise<boolean>;
  /** What a refused or missing record answers (404), the same for both. */
  notFoundMessage?: string;
}

export type Policies = Readonly<Record<string, Policy>>;

export interface RouteContractOptions {
  verify: AccessTokenVerifier;
  policies: Policies;
  /** Needed by routes whose access is `service`: accepts the service clients' tokens only. */
  verifyService?: ServiceTokenVerifier;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH']);
const SIGNED_IN_GROUPS: readonly SignedInGroup[] = ['compliance', 'broker', 'epop'];
/** Formats whose strings are short by construction. */
const BOUNDED_FORMATS = new Set(['uuid', 'date', 'date-time', 'time']);

type JsonSchema = Record<string, unknown>;

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Every string, number and array of an input schema is bounded (a 100 KB string or a 400-digit
 * number never reaches a handler), and every object refuses unknown fields when `closed`.
 */
export function unboundedInputs(schema: unknown, path: string, closed: boolean): string[] {
  if (!isSchema(schema)) return [];
  const problems: string[] = [];
  const type = schema.type;
  const bounded = 'enum' in schema || 'const' in schema;
  if (
    type === 'string' &&
    !bounded &&
    schema.maxLength === undefined &&
    !BOUNDED_FORMATS.has(String(schema.format))
  ) {
    problems.push(`${path} is a string without maxLength`);
  }
  if ((type === 'integer' || type === 'number') && !bounded && schema.maximum === undefined) {
    problems.push(`${path} is a number without maximum`);
  }
  if (type === 'array') {
    if (schema.maxItems === undefined) problems.push(`${path} is an array without maxItems`);
    problems.push(...unboundedInputs(schema.items, `${path}[]`, closed));
  }
  if (type === 'object') {
    if (closed && schema.additionalProperties !== false)
      problems.push(`${path} does not refuse unknown fields`);
    const properties = isSchema(schema.properties) ? schema.properties : {};
    for (const [name, property] of Object.entries(properties)) {
      problems.push(...unboundedInputs(property, `${path}.${name}`, closed));
    }
  }
  for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const) {
    const options = schema[keyword];
    if (Array.isArray(options)) {
      options.forEach((option, index) =>
        problems.push(...unboundedInputs(option, `${path}(${index})`, closed)),
      );
    }
  }
  return problems;
}

function pathParams(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
}

function resourcesOf(ownership: Ownership): readonly string[] {
  return typeof ownership.resource === 'string' ? [ownership.resource] : ownership.resource;
}

/**
 * Why a route may not be registered; empty when it keeps the contract. `service`: whether the scope
 * can verify service tokens (a `service` route needs it).
 */
export function contractProblems(
  route: RouteOptions,
  policies: Policies,
  { service = false }: { service?: boolean } = {},
): string[] {
  const problems: string[] = [];
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const config = (route.config ?? {}) as { access?: unknown; ownership?: unknown };
  const schema = (route.schema ?? {}) as JsonSchema;
  const params = pathParams(route.url);

  const access = config.access;
  const validAccess =
    access === 'public' ||
    access === 'optional' ||
    (Array.isArray(access) &&
      access.length > 0 &&
      access.every((group) => (SIGNED_IN_GROUPS as readonly unknown[]).includes(group)));
  if (access === 'service') {
    if (!service) problems.push("declares access 'service' in a scope without verifyService");
    // A service acts for no user, so no user's record can be its to name.
    if (config.ownership !== 'none')
      problems.push("declares access 'service' with an ownership other than 'none'");
  } else if (!validAccess) {
    problems.push("declares no config.access ('public', 'optional', 'service' or role groups)");
  }

  const ownership = config.ownership;
  if (ownership === undefined) problems.push("declares no config.ownership (a resource, or 'none')");
  else if (ownership !== 'none') {
    const { resource, param, action } = ownership as Partial<Ownership>;
    if (typeof action !== 'string' || action === '') problems.push('ownership has no action');
    if (typeof param !== 'string' || !params.includes(param))
      problems.push(`ownership param :${param} is not in the path`);
    const resources = typeof resource === 'string' ? [resource] : Array.isArray(resource) ? resource : [];
    if (resources.length === 0) problems.push('ownership names no resource');
    resources.forEach((name, index) => {
      const policy = policies[name];
      if (!policy) problems.push(`no policy for resource '${name}'`);
      else if (index < resources.length - 1 && !policy.exists) {
        problems.push(`resource '${name}' of a doubled path needs exists()`);
      }
    });
  }

  if (typeof schema.summary !== 'string' || schema.summary === '') problems.push('has no schema.summary');
  const response = isSchema(schema.response) ? schema.response : {};
  if (!Object.keys(response).some((code) => /^2\d\d$|^2xx$/.test(code))) {
    problems.push('has no 2xx response schema');
  }
  if (params.length > 0) {
    const declared =
      isSchema(schema.params) && isSchema(schema.params.properties) ? schema.params.properties : {};
    const missing = params.filter((param) => !(param in declared));
    if (missing.length > 0) problems.push(`has no params schema for :${missing.join(', :')}`);
  }
  problems.push(...unboundedInputs(schema.params, 'params', false));
  problems.push(...unboundedInputs(schema.querystring, 'querystring', true));
  if (methods.some((method) => WRITES.has(method))) {
    if (!isSchema(schema.body)) problems.push('is a write without a body schema');
    else problems.push(...unboundedInputs(schema.body, 'body', true));
  }
  return problems;
}

/** The access and ownership, in words, for the OpenAPI operation's description. */
export function accessText(access: Access, ownership: Ownership | 'none'): string {
  const who =
    access === 'public'
      ? 'anyone, no session needed'
      : access === 'optional'
        ? 'anyone; a signed-in caller is recorded as such'
        : access === 'service'
          ? 'service clients only (an OAuth client-credentials token), never a user'
          : `role groups ${access.join(', ')}`;
  const which =
    ownership === 'none'
      ? 'acts on no single record'
      : `${resourcesOf(ownership).join(' or ')} named by {${ownership.param}}, action '${ownership.action}': ` +
        'a record the caller may not see answers 404 like a missing one';
  return `Access: ${who}. Ownership: ${which}.`;
}

/** The catalogue's error answers this route can give, added to its response schemas. */
function errorResponses(route: RouteOptions, access: Access, ownership: Ownership | 'none'): JsonSchema {
  const schema = (route.schema ?? {}) as JsonSchema;
  const responses: JsonSchema = {};
  if (schema.params || schema.querystring || schema.body) {
    responses[400] = { description: 'Invalid input', anyOf: [ref('ValidationError'), ref('MessageError')] };
  }
  if (access === 'service') {
    responses[401] = { description: 'No valid access token', ...ref('MessageError') };
    responses[403] = { description: 'Not a service client’s token', ...ref('MessageError') };
  } else if (access !== 'public' && access !== 'optional') {
    responses[401] = { description: 'No session, or it has ended', ...ref('MessageError') };
    if (access.length < SIGNED_IN_GROUPS.length) {
      responses[403] = { description: 'Not for this role group', ...ref('MessageError') };
    }
  }
  if (ownership !== 'none' || route.url.includes(':')) {
    responses[404] = { description: 'No such record, or not the caller’s to see', ...ref('MessageError') };
  }
  responses[500] = { description: 'Server error', ...ref('ServerError') };
  return responses;
}

/**
 * The route contract of a service scope: every route added after it must declare its schemas
 * (summary, params, bounded inputs, closed write bodies, a 2xx response), its access and its
 * ownership, or it refuses to register. It then verifies the bearer token (onRequest, before any
 * input is looked at), refuses other role groups (403), and once the path parameters are valid, before
 * the query and the body are, asks the resource's policy about the named record (404 when refused,
 * exactly like a missing record, whatever the rest of the request holds).
 */
export const routeContract = fp<RouteContractOptions>(
  async (app: FastifyInstance, { verify, policies, verifyService }) => {
    // One list per service, whichever scope a contract is registered in (createService starts it).
    if (!app.hasDecorator('contractRoutes')) app.decorate('contractRoutes', []);
    app.decorateRequest('caller', null);
    app.decorateRequest('target', null);

    app.addHook('onRoute', (route) => {
      const problems = contractProblems(route, policies, { service: verifyService !== undefined });
      if (problems.length > 0) {
        throw new Error(
          `route ${String(route.method)} ${route.url} breaks the contract: ${problems.join('; ')}`,
        );
      }
      const access = route.config!.access!;
      const ownership = route.config!.ownership!;
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') app.contractRoutes.push({ method, url: route.url, access, ownership });
      }
      const schema = route.schema as JsonSchema;
      schema.response = { ...errorResponses(route, access, ownership), ...(schema.response as JsonSchema) };
      const text = accessText(access, ownership);
      // A GET's HEAD twin shares the schema object: add the text once.
      if (typeof schema.description !== 'string') schema.description = text;
      else if (!schema.description.includes(text)) schema.description = `${schema.description}\n\n${text}`;
      schema.tags ??= [route.url.split('/').find((segment) => segment && !segment.startsWith(':')) ?? 'root'];
    });

    app.addHook('onRequest', async (request: FastifyRequest) => {
      const access = request.routeOptions.config.access;
      if (access === undefined || access === 'public') return; // the 404 handler, and guest routes
      const token = bearerToken(request.headers.authorization);
      if (access === 'optional') {
        // A guest, or a caller whose token no longer verifies: either way the call goes on as a guest's.
        if (token) request.caller = await verify(token).catch(() => null);
        return;
      }
      if (!token) throw unauthorized(SERVICE_MESSAGES.missingToken);
      if (access === 'service') {
        if (!(await verifyServiceToken(verifyService!, token, request))) throw forbidden();
        return;
      }
      try {
        request.caller = await verify(token);
      } catch (error) {
        if (!(error instanceof InvalidAccessTokenError)) throw error;
        request.log.info({ reason: error.message }, 'access token refused');
        throw unauthorized(SERVICE_MESSAGES.invalidToken);
      }
      if (!access.includes(request.caller.roleGroup as SignedInGroup)) throw forbidden();
    });

    // Before the query and the body are validated, once the path is: a policy looks up a well-formed
    // id only, and a record the caller may not see answers 404 whatever came with it (a foreign id
    // with a bad body must read like an unknown id with one, not 400). A malformed path is left to
    // validation (400, decided by its shape alone, so it tells nothing about any record).
    app.addHook('preValidation', async (request: FastifyRequest) => {
      const ownership = request.routeOptions.config.ownership;
      if (ownership === undefined || ownership === 'none') return;
      const validParams = request.getValidationFunction('params');
      if (validParams && !validParams(request.params)) return;
      const id = (request.params as Record<string, string>)[ownership.param]!;
      const resources = resourcesOf(ownership);
      let resource = resources[resources.length - 1]!;
      for (const candidate of resources.slice(0, -1)) {
        if (await policies[candidate]!.exists!(id)) {
          resource = candidate;
          break;
        }
      }
      if (!(await policies[resource]!.allows(request.caller, ownership.action, id))) {
        // One answer per route: on a doubled path a foreign record of the first resource must read
        // exactly like an id that names none (which falls through to the last resource).
        const fallback = policies[resources[resources.length - 1]!]!;
        throw notFound(fallback.notFoundMessage ?? SERVICE_MESSAGES.notFound);
      }
      request.target = { resource, id };
    });
  },
  { name: 'service-kit:route-contract' },
);

/** Whether the token is a service client's (false: a valid token of a user or another client). */
async function verifyServiceToken(
  verifyService: ServiceTokenVerifier,
  token: string,
  request: FastifyRequest,
): Promise<boolean> {
  try {
    const client = await verifyService(token);
    if (!client) request.log.info('a token that is not a service client’s refused on a service route');
    return client !== null;
  } catch (error) {
    if (!(error instanceof InvalidAccessTokenError)) throw error;
    request.log.info({ reason: error.message }, 'access token refused');
    throw unauthorized(SERVICE_MESSAGES.invalidToken);
  }
}

/** The signed-in caller of a route whose access is a list of role groups. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized(SERVICE_MESSAGES.missingToken);
  return request.caller;
}
