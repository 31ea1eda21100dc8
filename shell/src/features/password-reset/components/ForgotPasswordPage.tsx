import { useState } from 'react';
import { Card, Col, Row } from 'shared-ui/bootstrap';
import { Link, useLocation, useNavigate, useSearchParams } from 'shared-ui/router';
import { PageHeader, paths } from 'shared-ui';
import { NewPasswordStep } from './NewPasswordStep.js';
import { UsernameStep } from './UsernameStep.js';

/** What the login screen hands over when the password expired. */
interface ExpiredState {
  username?: unknown;
}

/**
 * /forgot-password (§2, §4 Password reset): step 1 (or 1.1 with ?expired=true), then step 2;
 * success returns to the root.
 */
export function ForgotPasswordPage() {
  const [search] = useSearchParams();
  const expired = search.get('expired') === 'true';
  const state = useLocation().state as ExpiredState | null;
  // Only the login screen hands a username over (router state); an address typed by hand has none.
  const loginUsername = typeof state?.username === 'string' ? state.username.trim() : '';
  const navigate = useNavigate();
  // The username the passcode was sent for: set, the page is at step 2.
  const [passcodeFor, setPasscodeFor] = useState<string | null>(null);

  return (
    <Row className="justify-content-center">
      <Col md={8} lg={6}>
        <PageHeader title="Forgot Password" />
        <Card>
          <Card.Body>
            {passcodeFor === null ? (
              <UsernameStep expired={expired} loginUsername={loginUsername} onPasscodeSent={setPasscodeFor} />
            ) : (
              <NewPasswordStep username={passcodeFor} onDone={() => navigate(paths.home())} />
            )}
          </Card.Body>
        </Card>
        <p className="mt-3">
          <Link to={paths.home()}>Back to sign in</Link>
        </p>
      </Col>
    </Row>
  );
}
