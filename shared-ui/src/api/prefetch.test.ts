import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { broker, stubFetch } from '../testing/index.js';
import { apiClient, call, prefetchApi } from './client.js';
import { PREFETCH_HEADER, PREFETCH_TTL_MS, forgetPrefetched } from './prefetch.js';

const cartOf = (id: string) => call(apiClient.GET('/shopping-cart/{id}', { params: { path: { id } } }));
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Issue 24 item 8: a read started before its screen's code is handed to that screen's first read. */
describe('prefetchApi', () => {
  afterEach(() => {
    forgetPrefetched();
    jest.useRealTimers();
  });

  it('hands the prefetched answer to the first identical GET, once, without the marker on the wire', async () => {
    let served = 0;
    const { calls } = stubFetch({
      'GET /shopping-cart/{id}': () => ({ body: { ...broker, served: (served += 1) } as never }),
    });
    prefetchApi('/shopping-cart/{id}', { path: { id: 'u1' } });
    await flush();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers[PREFETCH_HEADER]).toBeUndefined();
    expect(calls[0]!.headers['x-csrf']).toBe('1');

    expect(await cartOf('u1')).toMatchObject({ served: 1 });
    expect(calls).toHaveLength(1);
    // Used once: the next read asks again.
    expect(await cartOf('u1')).toMatchObject({ served: 2 });
    expect(calls).toHaveLength(2);
  });

  it('does not hand it to another read, nor after PREFETCH_TTL_MS', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setTimeout'] });
    const { calls } = stubFetch({ 'GET /shopping-cart/{id}': { body: {} as never } });
    prefetchApi('/shopping-cart/{id}', { path: { id: 'u1' } });
    await flush();
    await cartOf('u2');
    expect(calls.map((c) => c.url)).toEqual(['/api/shopping-cart/u1', '/api/shopping-cart/u2']);
    jest.setSystemTime(Date.now() + PREFETCH_TTL_MS);
    await cartOf('u1');
    expect(calls).toHaveLength(3);
  });

  it("an HTTP refusal is the read's answer, as it would have been; a network failure is none", async () => {
    const { calls } = stubFetch({ 'GET /shopping-cart/{id}': { status: 500, body: { message: 'down' } } });
    prefetchApi('/shopping-cart/{id}', { path: { id: 'u1' } });
    await flush();
    await expect(cartOf('u1')).rejects.toMatchObject({ status: 500 });
    expect(calls).toHaveLength(1);

    forgetPrefetched();
    let attempt = 0;
    const fetch = jest.fn(async () => {
      attempt += 1;
      if (attempt === 1) throw new TypeError('Failed to fetch');
      return new Response('{"cartItems":[]}', { headers: { 'content-type': 'application/json' } });
    });
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
    prefetchApi('/shopping-cart/{id}', { path: { id: 'u1' } });
    await flush();
    expect(await cartOf('u1')).toEqual({ cartItems: [] });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
