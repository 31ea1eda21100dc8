/**
 * Marks "this tab left for the external identity page" (gsuite accounts), so the app can tell a
 * return from that page (a new session: record the sign-in) from a reload of a session it already
 * had (nothing to record). sessionStorage: per tab, gone with it, and it holds no token.
 */
const PENDING_EXTERNAL_SIGN_IN = 'pop.externalSignIn';

export function markExternalSignIn() {
  sessionStorage.setItem(PENDING_EXTERNAL_SIGN_IN, '1');
}

/** True once after markExternalSignIn(): the mark is removed as it is read. */
export function takeExternalSignIn(): boolean {
  const pending = sessionStorage.getItem(PENDING_EXTERNAL_SIGN_IN) !== null;
  sessionStorage.removeItem(PENDING_EXTERNAL_SIGN_IN);
  return pending;
}
