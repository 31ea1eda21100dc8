import { Card, Col, Row } from 'shared-ui/bootstrap';
import { Link, useNavigate } from 'shared-ui/router';
import { paths, SignInForm, useDocumentTitle } from 'shared-ui';
import { markExternalSignIn } from '../api/external-sign-in.js';
import { useLoginMessages } from '../api/get-login-messages.js';
import { SystemMessageAlerts } from '../../../components/SystemMessageAlerts.js';
import { recordLogin } from '../../../lib/record-login.js';

/**
 * The guest's '/' (specs/1-foundation.md §2 Login screen). `onFirstFocus` runs when the person first
 * moves into the form: the signed-in screens' code can load while they type.
 */
export function LoginPage({ onFirstFocus }: { onFirstFocus?: () => void }) {
  const navigate = useNavigate();
  const messages = useLoginMessages();
  // The card keeps its own heading (the kit's PageHeader would sit outside it); the tab is named alike.
  useDocumentTitle('Sign In');
  return (
    <Row className="justify-content-center py-4">
      <Col md={7} lg={5}>
        {/* The login location's current messages, styled info/success/warning/danger (Bootstrap alerts). */}
        <SystemMessageAlerts messages={messages} className="login-system-message" />
        <Card onFocusCapture={onFirstFocus}>
          <Card.Body>
            <h1 className="page-header-title mb-3">Sign In</h1>
            <SignInForm
              // §4: an expired password goes to reset step 1.1, which already knows the username.
              onPasswordExpired={(username) =>
                navigate(paths.forgotPassword({ expired: true }), { state: { username } })
              }
              onExternalSignIn={markExternalSignIn}
              onSignedIn={(user) => void recordLogin(user.userId)}
            />
            <div className="d-flex flex-wrap justify-content-between mt-3 gap-2">
              <Link to={paths.forgotPassword()}>Forgot password?</Link>
              <Link to={paths.createAccount()}>Create account</Link>
              <Link to={paths.about('other-systems')}>Other systems</Link>
            </div>
          </Card.Body>
        </Card>
      </Col>
    </Row>
  );
}
