import { useEffect } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { useSession } from 'shared-ui';

/** /logout: ends the session, forgets everything cached for the user, returns to the root. */
export function LogoutPage() {
  const { signOut } = useSession();
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();
  useEffect(() => {
    let active = true;
    void signOut().then(async () => {
      await mutate(() => true, undefined, { revalidate: false });
      if (active) navigate('/', { replace: true });
    });
    return () => {
      active = false;
    };
  }, [signOut, mutate, navigate]);
  return <Spinner animation="border" role="status" aria-label="Signing out" />;
}
