import { useEffect } from 'react';
import { useNavigate } from 'shared-ui/router';
import { useSWRConfig } from 'swr';
import { LoadingState, PageHeader, paths, useSession } from 'shared-ui';

/** /logout: ends the session, forgets everything cached for the user, returns to the root. */
export function LogoutPage() {
  const { signOut } = useSession();
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();
  useEffect(() => {
    let active = true;
    void signOut().then(async () => {
      await mutate(() => true, undefined, { revalidate: false });
      if (active) navigate(paths.home(), { replace: true });
    });
    return () => {
      active = false;
    };
  }, [signOut, mutate, navigate]);
  return (
    <>
      <PageHeader title="Signing Out" />
      <LoadingState label="Signing out" />
    </>
  );
}
