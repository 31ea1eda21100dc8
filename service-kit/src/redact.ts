import type { FastifyRequest } from 'fastify';

/** What stands in a log line where a secret was. */
export const REDACTED = '[redacted]';

/**
 * Query parameters whose values are secrets, whatever the service: any name with `token` in it
 * (`/auth?token=`, `temporary-user-token?token=`, OAuth's `access_token`, `refresh_token`,
 * `id_token_hint`), the authorization code and state of the external sign-in, passcodes, passwords,
 * secrets and keys. Case does not matter.
 */
const SECRET_PARAM = /^(.*token.*|code|state|passcode|password|secret|key)$/i;

/**
 * Path segments that are one-time tokens; group 1 is kept, the segment after it is redacted. Anywhere
 * in the path (`/user/…` on identity-api is `/api/user/…` at the gateway), case and repeated slashes
 * ignored, so a mistyped URL is logged (as a 404) without its token too:
 * - `user/:userId/token/:token`: the first-time setup's POST (an empty user id too);
 * - `first-time-setup/:token`: the setup page itself, requested when the browser loads it.
 */
const TOKEN_SEGMENTS: readonly RegExp[] = [
  /(\/+user\/+[^/?#]*\/+token\/+)[^/?#]+/gi,
  /(\/+first-time-setup\/+)[^/?#]+/gi,
];

function redactPath(path: string): string {
  return TOKEN_SEGMENTS.reduce((redacted, pattern) => redacted.replace(pattern, `$1${REDACTED}`), path);
}

function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/**
 * A query parameter's name is a secret's when it reads as one as sent, percent-decoded, or decoded as
 * a form (`+` a space): a malformed name is still judged as sent.
 */
function isSecretName(rawName: string): boolean {
  const readings = [rawName, decoded(rawName), decoded(rawName.replace(/\+/g, ' '))];
  return readings.some((name) => name !== undefined && SECRET_PARAM.test(name));
}

/**
 * A request URL fit for the logs: one-time tokens in the path and secret query values are replaced by
 * `[redacted]`, everything else is kept as sent. The one rule set of every service and the gateway.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = redactPath(queryAt === -1 ? url : url.slice(0, queryAt));
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      const rawName = pair.slice(0, equals);
      return isSecretName(rawName) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/**
 * pino's `req` serializer: the request with its URL redacted, so no token value reaches a log line.
 * The URL as it arrived (`originalUrl`, when a mounted app such as identity-api's /oidc rewrote it).
 */
export function serializeRequest(request: FastifyRequest) {
  const url = (request.raw as { originalUrl?: string }).originalUrl ?? request.url;
  return {
    method: request.method,
    url: redactUrl(url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
