import { useEffect } from 'react';
import { useLocation, useNavigate } from 'shared-ui/router';
import { ACCOUNT_MESSAGES } from 'shared-domain';
import { notifyError, useSession } from 'shared-ui';
import { takeExternalSignIn } from '../api/external-sign-in.js';
import { recordLogin } from '../../../lib/record-login.js';

/**
 * The return from the external identity page. The gateway sends the browser to `/` with a new
 * session (record the sign-in once), or to `/?signin=failed` (say so, then clean the address).
 */
export function ExternalSignInReturn() {
  const { status, user } = useSession();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const failed = new URLSearchParams(search).get('signin') === 'failed';

  useEffect(() => {
    if (!failed) return;
    takeExternalSignIn();
    notifyError(ACCOUNT_MESSAGES.externalSignInFailed);
    const rest = new URLSearchParams(search);
    rest.delete('signin');
    const query = rest.toString();
    navigate({ pathname, search: query ? `?${query}` : '', hash }, { replace: true });
  }, [failed, pathname, search, hash, navigate]);

  useEffect(() => {
    if (status === 'signed-in' && user && takeExternalSignIn()) void recordLogin(user.userId);
    // Started as a guest: the external sign-in was abandoned; a later sign-in records itself.
    if (status === 'guest') takeExternalSignIn();
  }, [status, user]);

  return null;
}
