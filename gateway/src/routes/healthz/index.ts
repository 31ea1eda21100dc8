import type { FastifyInstance } from 'fastify';

export interface HealthOptions {
  upstreams: { identity: string; cart: string };
  /** Milliseconds per probe. */
  timeoutMs?: number;
}

async function probe(baseUrl: string, timeoutMs: number, requestId: string): Promise<'ok' | 'unavailable'> {
  try {
    // The same request id as the gateway's own: the three services' lines of one health check agree.
    const response = await fetch(`${baseUrl}/healthz`, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { 'x-request-id': requestId },
    });
    await response.body?.cancel();
    return response.status === 200 ? 'ok' : 'unavailable';
  } catch {
    return 'unavailable';
  }
}

/** Ready when both APIs are: the gateway alone cannot serve a single screen. */
export default async function healthRoutes(app: FastifyInstance, options: HealthOptions) {
  const timeoutMs = options.timeoutMs ?? 2000;
  app.get('/healthz', async (request, reply) => {
    const [identity, cart] = await Promise.all([
      probe(options.upstreams.identity, timeoutMs, String(request.id)),
      probe(options.upstreams.cart, timeoutMs, String(request.id)),
    ]);
    reply.header('cache-control', 'no-store');
    if (identity === 'ok' && cart === 'ok') return { status: 'ok' };
    return reply.code(503).send({ status: 'unavailable', identityApi: identity, cartApi: cart });
  });
}
