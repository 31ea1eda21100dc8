import { useEffect, useRef, useState } from 'react';
import { Alert } from 'shared-ui/bootstrap';
import { Link, useLocation, useNavigate } from 'shared-ui/router';
import { ACCOUNT_MESSAGES } from 'shared-domain';
import { LoadingState, PageHeader, paths, useSession } from 'shared-ui';
import { verifyEmail, type Verification } from '../api/verify-email.js';

/**
 * /verify-email?token=… (identity-api README "E-mail addresses"): opens the link of a verification
 * e-mail, signed in or not (it is opened from the mailbox, in any browser). Like /auth, the token leaves
 * the address bar (and the history entry) at once and is sent exactly once, also under StrictMode.
 */
export function VerifyEmailPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();
  const token = useRef(new URLSearchParams(search).get('token'));
  const attempt = useRef<Promise<Verification> | null>(null);
  const [result, setResult] = useState<Verification | null>(null);

  useEffect(() => {
    if (!attempt.current) {
      const value = token.current;
      attempt.current = value
        ? verifyEmail(value)
        : Promise.resolve({ ok: false, message: ACCOUNT_MESSAGES.invalidVerificationLink });
      navigate(paths.verifyEmail(), { replace: true });
    }
    let active = true;
    void attempt.current.then((answer) => {
      if (active) setResult(answer);
    });
    return () => {
      active = false;
    };
  }, [navigate]);

  const next = user ? (
    <Link className="alert-link" to={paths.profile()}>
      Go to your profile
    </Link>
  ) : (
    <Link className="alert-link" to={paths.home()}>
      Sign in
    </Link>
  );
  let body;
  if (!result) body = <LoadingState label="Verifying" />;
  else if (result.ok) {
    body = (
      <Alert variant="success">
        {ACCOUNT_MESSAGES.emailVerified}: {result.email}. {next}
      </Alert>
    );
  } else {
    body = (
      <Alert variant="danger">
        {result.message} {next}
      </Alert>
    );
  }
  return (
    <>
      <PageHeader title="Verify Your E-mail Address" />
      {body}
    </>
  );
}
