import { describe, expect, it } from '@jest/globals';
import { fastifyTrustProxy, parseTrustProxy, TrustProxyError } from './trust-proxy.js';

describe('parseTrustProxy (TRUST_PROXY)', () => {
  it('reads off, a hop count and addresses', () => {
    for (const off of [undefined, '', 'false', '0']) expect(parseTrustProxy(off)).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16,::1,loopback')).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
  });

  it.each(['true', '10.0.0.0/33', 'example.com', '::1/129', '1.2.3.4/8/9'])('refuses %s', (value) => {
    expect(() => parseTrustProxy(value)).toThrow(TrustProxyError);
  });

  it('turns a hop count into the function Fastify takes', () => {
    const trust = fastifyTrustProxy(1) as (address: string, hop: number) => boolean;
    expect([trust('10.0.0.1', 0), trust('10.0.0.1', 1)]).toEqual([true, false]);
    expect(fastifyTrustProxy(['loopback'])).toEqual(['loopback']);
  });
});
