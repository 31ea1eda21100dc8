import type { FastifyRequest } from 'fastify';

const REDACTED = '[REDACTED]';

/** Query parameters whose values are credentials: one-time tokens and the OAuth tokens and codes. */
const SECRET_PARAMS = new Set(['token', 'access_token', 'refresh_token', 'id_token_hint', 'code']);

/** `user/:userId/token/:token` carries a one-time token in the path (specs/1-foundation.md). */
const TOKEN_SEGMENT = /(\/user\/[^/?#]*\/token\/)[^/?#]+/gi;

/** The URL as it may be logged: one-time token path segments and secret query values replaced. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(TOKEN_SEGMENT, `$1${REDACTED}`);
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const [name = '', ...value] = pair.split('=');
      let key = name;
      try {
        key = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed name is logged as sent; its value is still judged by the raw name.
      }
      return value.length > 0 && SECRET_PARAMS.has(key.toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** Fastify's request serializer with the URL redacted, so no token value ever reaches a log line. */
export function serializeRequest(request: FastifyRequest) {
  // The URL as it arrived: the /oidc mount rewrites the raw URL for oidc-provider and keeps the original.
  const url = (request.raw as { originalUrl?: string }).originalUrl ?? request.url;
  return {
    method: request.method,
    url: redactUrl(url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
