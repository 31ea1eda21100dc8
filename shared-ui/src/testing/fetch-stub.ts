import { jest } from '@jest/globals';

/** One stubbed answer of the gateway: a JSON body (a string body is sent as an HTML page) and a status. */
export interface StubAnswer {
  status?: number;
  body?: unknown;
}

/** A request the app made: the headers as it passed them, the body parsed when it is JSON. */
export interface RecordedCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * The answers: a table keyed by 'METHOD /url' (each entry an answer or a function of the call), or
 * one function of the call that returns undefined for calls it does not know.
 */
export type StubAnswers =
  | Record<string, StubAnswer | ((call: RecordedCall) => StubAnswer)>
  | ((call: RecordedCall) => StubAnswer | undefined);

/** Unknown calls answer 404, so a wrong path fails the test instead of hanging it. */
const notFound: StubAnswer = { status: 404, body: { message: 'Not found' } };

// shared-ui's http client passes its headers as a plain object (jsdom has no Headers class).
function headersOf(init: RequestInit | undefined): Record<string, string> {
  return { ...(init?.headers as Record<string, string> | undefined) };
}

function bodyOf(init: RequestInit | undefined): unknown {
  if (init?.body === undefined || init.body === null) return undefined;
  const text = String(init.body);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function answerTo(answers: StubAnswers, call: RecordedCall): StubAnswer | undefined {
  if (typeof answers === 'function') return answers(call);
  const entry = answers[`${call.method} ${call.url}`];
  return typeof entry === 'function' ? entry(call) : entry;
}

/**
 * Replaces global fetch (the edge between the browser app and the gateway; jsdom has none) with
 * `answers`, and records every call in `calls`.
 */
export function stubFetch(answers: StubAnswers) {
  const calls: RecordedCall[] = [];
  const fetchStub = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      url: String(input),
      headers: headersOf(init),
      body: bodyOf(init),
    };
    calls.push(call);
    const { status = 200, body } = answerTo(answers, call) ?? notFound;
    const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    const contentType = typeof body === 'string' ? 'text/html' : 'application/json';
    return {
      ok: status >= 200 && status < 300,
      status,
      headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? contentType : null) },
      text: async () => text,
    } as unknown as Response;
  });
  globalThis.fetch = fetchStub as unknown as typeof fetch;
  return { calls, fetchStub };
}
