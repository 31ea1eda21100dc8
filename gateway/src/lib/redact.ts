/** What stands in a log line where a secret was. */
export const REDACTED = '[redacted]';

/**
 * Query parameters whose values are secrets: one-time tokens (`/auth?token=`,
 * `temporary-user-token?token=`), the external sign-in's code and state, passcodes, passwords.
 */
const SECRET_PARAM = /^(.*token.*|code|state|passcode|password|secret|key)$/i;

/**
 * Paths with a one-time token as a segment; group 1 is kept, the segment after it is redacted.
 * - `/api/user/:userId/token/:token`: the first-time setup's POST;
 * - `/first-time-setup/:token`: the setup page itself, requested when the browser loads it.
 * Case and repeated slashes do not matter: a mistyped URL is logged (as a 404) with its token too.
 */
const TOKEN_SEGMENTS: readonly RegExp[] = [
  /^(\/+api\/+user\/+[^/?#]+\/+token\/+)[^/?#]+/i,
  /^(\/+first-time-setup\/+)[^/?#]+/i,
];

function redactPath(path: string): string {
  return TOKEN_SEGMENTS.reduce((redacted, pattern) => redacted.replace(pattern, `$1${REDACTED}`), path);
}

/**
 * A request URL fit for the logs: one-time tokens in the path or the query string are replaced by
 * `[redacted]`, everything else is kept as sent.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const redactedPath = redactPath(path);
  if (queryAt === -1) return redactedPath;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName);
      } catch {
        // a malformed name is logged as sent; its value is still checked below by the raw name
      }
      return equals !== -1 && SECRET_PARAM.test(name) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${redactedPath}?${query}`;
}
