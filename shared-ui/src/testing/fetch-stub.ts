import { jest } from '@jest/globals';
import type { ApiPath, ApiPaths } from '../api/client.js';

/** One stubbed answer of the gateway: a JSON body (a string body is sent as an HTML page) and a status. */
export interface StubAnswer<Body = unknown> {
  status?: number;
  body?: Body | string;
  headers?: Record<string, string>;
}

/** A request the app made: the headers as sent, the body parsed when it is JSON. */
export interface RecordedCall {
  method: string;
  /** The URL as requested, e.g. `/api/shopping-cart/u1?page=1`. */
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** For a domain API call: the path parameters its operation named (`{ id: 'u1' }`). */
  params: Record<string, string>;
  query: URLSearchParams;
}

type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';

/**
 * `'GET /shopping-cart/{id}'`: an operation the generated client knows. A stub of an endpoint that
 * does not exist is a type error, so no test passes over an endpoint the APIs lack.
 */
export type OperationKey = {
  [P in ApiPath]: {
    [M in Method & keyof ApiPaths[P]]: [NonNullable<ApiPaths[P][M]>] extends [never]
      ? never
      : `${Uppercase<M>} ${P}`;
  }[Method & keyof ApiPaths[P]];
}[ApiPath];

/** The gateway's own endpoints (sessions, the remote registry): matched by their exact URL. */
export type GatewayKey = `${'GET' | 'POST'} /bff/${string}` | 'GET /remotes.json';

type OperationOf<K extends OperationKey> = K extends `${infer M} ${infer P}`
  ? NonNullable<ApiPaths[P & ApiPath][Lowercase<M> & keyof ApiPaths[P & ApiPath]]>
  : never;

/** What an operation may answer: any of its documented JSON bodies (success or catalogue error). */
export type ResponseBody<K extends OperationKey> =
  OperationOf<K> extends { responses: infer Responses }
    ? {
        [Code in keyof Responses]: Responses[Code] extends { content: { 'application/json': infer Body } }
          ? Body
          : undefined;
      }[keyof Responses]
    : unknown;

export type StubEntry<Body = unknown> = StubAnswer<Body> | ((call: RecordedCall) => StubAnswer<Body>);

/** The answers, by operation (domain API, bodies typed by the operation) or URL (gateway), or one function. */
export type StubAnswers =
  | ({ [K in OperationKey]?: StubEntry<ResponseBody<K>> } & { [K in GatewayKey]?: StubEntry })
  | ((call: RecordedCall) => StubAnswer | undefined);

/** Unknown calls answer 404, so a wrong path fails the test instead of hanging it. */
const notFound: StubAnswer = { status: 404, body: { message: 'Not found' } };

const API_PREFIX = '/api';

interface Template {
  key: string;
  method: string;
  pattern: RegExp;
  names: string[];
  literalLength: number;
}

function templateOf(key: string): Template | undefined {
  const [method, path] = key.split(' ', 2) as [string, string | undefined];
  if (!path || path.startsWith('/bff/') || path === '/remotes.json') return undefined;
  const names: string[] = [];
  const source = path
    .split('/')
    .map((segment) => {
      const name = /^\{(\w+)\}$/.exec(segment)?.[1];
      if (!name) return segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      names.push(name);
      return '([^/]+)';
    })
    .join('/');
  return {
    key,
    method,
    pattern: new RegExp(`^${API_PREFIX}${source}$`),
    names,
    literalLength: path.replace(/\{\w+\}/g, '').length,
  };
}

async function recordOf(input: RequestInfo | URL, init: RequestInit | undefined): Promise<RecordedCall> {
  const request = input instanceof Request ? input : undefined;
  const rawUrl = request ? request.url : String(input);
  const url = new URL(rawUrl, 'http://localhost');
  const headers: Record<string, string> = {};
  if (request) request.headers.forEach((value, name) => (headers[name] = value));
  for (const [name, value] of Object.entries((init?.headers as Record<string, string> | undefined) ?? {})) {
    headers[name] = value;
  }
  const text = request ? await request.text() : init?.body == null ? undefined : String(init.body);
  let body: unknown = text === undefined || text === '' ? undefined : text;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body) as unknown;
    } catch {
      // not JSON: keep the text
    }
  }
  return {
    method: (request?.method ?? init?.method ?? 'GET').toUpperCase(),
    url: request ? `${url.pathname}${url.search}` : rawUrl,
    headers,
    body,
    params: {},
    query: url.searchParams,
  };
}

/**
 * Replaces global fetch (the edge between the browser app and the gateway) with `answers`, and
 * records every call in `calls`. Domain API calls are matched by their operation (`'GET
 * /shopping-cart/{id}'`, the most specific template first) and get `params`; gateway calls by URL.
 */
export function stubFetch(answers: StubAnswers) {
  const calls: RecordedCall[] = [];
  const templates = (typeof answers === 'function' ? [] : Object.keys(answers))
    .map(templateOf)
    .filter((template): template is Template => template !== undefined)
    .sort((a, b) => b.literalLength - a.literalLength);

  function answerTo(call: RecordedCall): StubAnswer | undefined {
    if (typeof answers === 'function') return answers(call);
    const path = call.url.split('?', 1)[0]!;
    const table = answers as Record<string, StubEntry | undefined>;
    let entry = table[`${call.method} ${call.url}`] ?? table[`${call.method} ${path}`];
    if (!entry) {
      for (const template of templates) {
        const match = template.method === call.method ? template.pattern.exec(path) : null;
        if (!match) continue;
        template.names.forEach((name, index) => (call.params[name] = decodeURIComponent(match[index + 1]!)));
        entry = table[template.key];
        break;
      }
    }
    return typeof entry === 'function' ? entry(call) : entry;
  }

  const fetchStub = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = await recordOf(input, init);
    calls.push(call);
    const { status = 200, body, headers = {} } = answerTo(call) ?? notFound;
    const text =
      body === undefined || status === 204 ? null : typeof body === 'string' ? body : JSON.stringify(body);
    const contentType = typeof body === 'string' ? 'text/html' : 'application/json';
    return new Response(text, {
      status,
      headers: text === null ? headers : { 'content-type': contentType, ...headers },
    });
  });
  globalThis.fetch = fetchStub as unknown as typeof fetch;
  return { calls, fetchStub };
}
