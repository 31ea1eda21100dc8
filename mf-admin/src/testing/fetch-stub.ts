import { jest } from '@jest/globals';

export interface StubAnswer {
  status?: number;
  body?: unknown;
}

export interface RecordedCall {
  method: string;
  url: string;
  headers: Record<string, string>;
}

/**
 * Replaces global fetch (the edge between the browser app and the gateway; jsdom has none) with
 * answers keyed by 'METHOD /url' or by a function of the call. Unknown calls answer 404.
 */
export function stubFetch(answer: (call: RecordedCall) => StubAnswer | undefined) {
  const calls: RecordedCall[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = {
      method: init?.method ?? 'GET',
      url: String(input),
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const { status = 200, body } = answer(call) ?? { status: 404, body: { message: 'Not found' } };
    return {
      ok: status >= 200 && status < 300,
      status,
      headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
      text: async () => (body === undefined ? '' : JSON.stringify(body)),
    } as unknown as Response;
  }) as unknown as typeof fetch;
  return calls;
}
