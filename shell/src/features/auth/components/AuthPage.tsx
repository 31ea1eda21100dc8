import { useEffect, useRef, useState } from 'react';
import { Alert } from 'shared-ui/bootstrap';
import { Link, useLocation, useNavigate } from 'shared-ui/router';
import { ACCOUNT_MESSAGES } from 'shared-domain';
import { bff, LoadingState, PageHeader, paths, type TokenExchangeResult, useSession } from 'shared-ui';
import { recordLogin } from '../../../lib/record-login.js';

/**
 * /auth?token=… (§2): exchanges the one-time token for a session (POST /bff/auth), then goes to /.
 * The token leaves the address bar (and the history entry) at once; it is exchanged exactly once,
 * also under StrictMode's double effects.
 */
export function AuthPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const { reload } = useSession();
  const token = useRef(new URLSearchParams(search).get('token'));
  const exchange = useRef<Promise<TokenExchangeResult> | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!exchange.current) {
      const value = token.current;
      exchange.current = value
        ? bff.exchangeToken(value)
        : Promise.resolve({ ok: false, message: ACCOUNT_MESSAGES.invalidSignInLink });
      navigate(paths.auth(), { replace: true });
    }
    let active = true;
    void exchange.current.then(async (result) => {
      if (!active) return;
      if (!result.ok) {
        setFailed(true);
        return;
      }
      void recordLogin(result.user.userId);
      await reload();
      navigate(paths.home(), { replace: true });
    });
    return () => {
      active = false;
    };
  }, [navigate, reload]);

  return (
    <>
      <PageHeader title="Signing In" />
      {failed ? (
        <Alert variant="danger">
          {ACCOUNT_MESSAGES.invalidSignInLink}{' '}
          <Link className="alert-link" to={paths.home()}>
            Sign in
          </Link>
        </Alert>
      ) : (
        <LoadingState label="Signing in" />
      )}
    </>
  );
}
