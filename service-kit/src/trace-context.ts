import { isSpanContextValid, trace } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * What a request's trace needs from Fastify (tracing.ts starts the SDK): the server span named by
 * its route pattern (`GET /order/:orderId`, never the raw URL) with the request id beside it, so a
 * trace is found from a log line and the other way round. Without the SDK there is no active span
 * and this costs one lookup.
 */
export const traceRoutes = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, _reply, done) => {
      const span = trace.getActiveSpan();
      if (span) {
        const route = request.routeOptions.url ?? '<unmatched>';
        span.updateName(`${request.method} ${route}`);
        span.setAttribute('http.route', route);
        span.setAttribute('pop.request_id', request.id);
      }
      done();
    });
  },
  { name: 'service-kit-trace-routes' },
);

/** pino's mixin: the trace and span ids on every line written inside a traced request. */
export function traceLogFields(): Record<string, string> {
  const context = trace.getActiveSpan()?.spanContext();
  return context && isSpanContextValid(context) ? { trace_id: context.traceId, span_id: context.spanId } : {};
}
