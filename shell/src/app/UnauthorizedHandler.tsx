import { useEffect, useRef } from 'react';
import { setUnauthorizedHandler, useSession } from 'shared-ui';

/**
 * A 401 from /api while signed in means the gateway ended the session (idle or absolute expiry, a
 * failed refresh): become a guest; SessionEndedRedirect then goes to /. A guest's 401 (a call only
 * a signed-in user may make) changes nothing: clearing would also drop a stored referral id.
 */
export function UnauthorizedHandler() {
  const { clear, status } = useSession();
  const signedIn = useRef(false);
  signedIn.current = status === 'signed-in';
  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (signedIn.current) clear();
    });
    return () => setUnauthorizedHandler(null);
  }, [clear]);
  return null;
}
