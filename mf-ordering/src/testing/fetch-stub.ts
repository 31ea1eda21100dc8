import { jest } from '@jest/globals';
import type { SessionUser } from 'shared-domain';

/** One stubbed answer of the gateway: a JSON body (or text) and a status. */
export interface StubAnswer {
  status?: number;
  body?: unknown;
}

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
}

/**
 * Replaces global fetch (the edge between the browser app and the gateway) with a table of
 * answers keyed by 'METHOD /url'. Unknown calls answer 404 so a wrong path fails the test.
 */
export function stubFetch(answers: Record<string, StubAnswer | (() => StubAnswer)>) {
  const calls: RecordedCall[] = [];
  const fetchStub = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const url = String(input);
    calls.push({ method, url, body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined });
    const entry = answers[`${method} ${url}`];
    const answer =
      typeof entry === 'function' ? entry() : (entry ?? { status: 404, body: { message: 'Not found' } });
    const status = answer.status ?? 200;
    const text =
      answer.body === undefined
        ? ''
        : typeof answer.body === 'string'
          ? answer.body
          : JSON.stringify(answer.body);
    const contentType = typeof answer.body === 'string' ? 'text/html' : 'application/json';
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

export const broker: SessionUser = {
  userId: 'u-broker',
  username: 'demo.broker',
  email: 'broker@example.com',
  firstName: 'Demo',
  lastName: 'Broker',
  fullName: 'Demo Broker',
  role: 'broker',
  roles: ['broker'],
  roleGroup: 'broker',
};

export const employer: SessionUser = {
  ...broker,
  userId: 'u-employer',
  username: 'demo.employer',
  role: 'employer',
  roles: ['employer'],
  roleGroup: 'epop',
};
