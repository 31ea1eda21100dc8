import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { setUnauthorizedHandler, useSession } from 'shared-ui';

/** A 401 from /api means the gateway ended the session: become a guest and go to /. */
export function UnauthorizedHandler() {
  const { clear } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      clear();
      navigate('/', { replace: true });
    });
    return () => setUnauthorizedHandler(null);
  }, [clear, navigate]);
  return null;
}
