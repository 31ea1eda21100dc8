import type { FastifyInstance } from 'fastify';
import { GATEWAY_MESSAGES } from '../../messages.js';

export interface GuideRoutesOptions {
  cartApiUrl: string;
  timeoutMs: number;
}

/** The guides the app configuration links (cart-api makes them, once per process). */
export const GUIDE_FILES: readonly string[] = [
  'pop-implementation-guide.pdf',
  'employee-quick-reference-guide.pdf',
];

/** What cart-api's answer says of the file, passed on as it is. */
const PASSED_HEADERS = ['content-type', 'content-disposition', 'cache-control'];

/**
 * `GET /guides/<file>`: the guides at stable public paths, for a plain link. A link cannot send the
 * X-CSRF header every /api call needs, and a guest has no session: so the gateway fetches cart-api's
 * public `system-message/guide/<file>` itself (no cookie, no token) and answers its PDF. Anything but
 * the two files is a 404; cart-api down is the catalogue's 502, never a hang.
 */
export default async function guideRoutes(app: FastifyInstance, options: GuideRoutesOptions) {
  app.get<{ Params: { file: string } }>('/guides/:file', async (request, reply) => {
    const { file } = request.params;
    if (!GUIDE_FILES.includes(file)) return reply.code(404).send({ message: GATEWAY_MESSAGES.notFound });
    let upstream: Response;
    try {
      upstream = await fetch(`${options.cartApiUrl}/system-message/guide/${file}`, {
        headers: { accept: 'application/pdf', 'x-request-id': request.id },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch {
      return reply.code(502).send({ message: GATEWAY_MESSAGES.unreachable });
    }
    if (!upstream.ok) {
      await upstream.body?.cancel();
      return upstream.status === 404
        ? reply.code(404).send({ message: GATEWAY_MESSAGES.notFound })
        : reply.code(502).send({ message: GATEWAY_MESSAGES.unreachable });
    }
    const pdf = Buffer.from(await upstream.arrayBuffer());
    for (const name of PASSED_HEADERS) {
      const value = upstream.headers.get(name);
      if (value !== null) reply.header(name, value);
    }
    return reply.send(pdf);
  });
}
