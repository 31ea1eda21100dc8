import { useEffect, useRef } from 'react';
import { useNavigate } from 'shared-ui/router';
import { useSWRConfig } from 'swr';
import { paths, useSession } from 'shared-ui';

/**
 * Whenever the session ends while the page is open (Logout, the idle check, a 401 from /api), the
 * user's cached answers are dropped and the page returns to the root (§4 Session).
 */
export function SessionEndedRedirect() {
  const { status } = useSession();
  const previous = useRef(status);
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  useEffect(() => {
    const ended = previous.current === 'signed-in' && status === 'guest';
    previous.current = status;
    if (!ended) return;
    void mutate(() => true, undefined, { revalidate: false });
    navigate(paths.home(), { replace: true });
  }, [status, mutate, navigate]);
  return null;
}
