import { isIP } from 'node:net';

/** TRUST_PROXY as parsed: off, a hop count, or proxy addresses/CIDRs (proxy-addr's names allowed). */
export type TrustProxy = false | number | string[];

/** proxy-addr's pre-defined ranges. */
const PROXY_ADDR_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export class TrustProxyError extends Error {}

/**
 * TRUST_PROXY: unset/`false` (the socket's address is the client's), a hop count (`1` = one TLS
 * terminator in front), or a comma-separated list of proxy addresses/CIDRs (or `loopback`,
 * `linklocal`, `uniquelocal`). `true` (trust any X-Forwarded-For) is refused: any client could then
 * pick its own address and dodge the per-address limits.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const raw = (value ?? '').trim();
  if (raw === '' || raw === 'false' || raw === '0') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  const addresses = raw.split(',').map((entry) => entry.trim());
  const valid = addresses.every((entry) => {
    if (PROXY_ADDR_NAMES.has(entry)) return true;
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return false;
    if (bits === undefined) return true;
    return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
  });
  if (!valid) throw new TrustProxyError(`Invalid TRUST_PROXY: ${raw} (use false, a hop count or addresses)`);
  return addresses;
}

/** Fastify's `trustProxy`: it takes a hop count at run time but not in its types, so the same rule as a function. */
export function fastifyTrustProxy(trust: TrustProxy) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}
