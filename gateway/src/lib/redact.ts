/** What stands in a log line where a secret was. */
export const REDACTED = '[redacted]';

/** Query parameters whose values are secrets (one-time tokens, codes, passwords). */
const SECRET_PARAM = /^(.*token.*|code|password|secret|key)$/i;
/** `/api/user/:userId/token/:token`: the one-time token is a path segment. */
const TOKEN_SEGMENT = /^(\/api\/user\/[^/?#]+\/token\/)[^/?#]+/i;

/**
 * A request URL fit for the logs: one-time tokens in the path or the query string are replaced by
 * `[redacted]`, everything else is kept as sent.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const redactedPath = path.replace(TOKEN_SEGMENT, `$1${REDACTED}`);
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
