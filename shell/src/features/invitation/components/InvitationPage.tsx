import { useRef, useState } from 'react';
import { Alert, Button, Card, Col, Row } from 'shared-ui/bootstrap';
import { Link, useLocation, useNavigate } from 'shared-ui/router';
import { LoadingState, notifySuccess, PageHeader, paths, SignInForm, useSession } from 'shared-ui';
import { recordLogin } from '../../../lib/record-login.js';
import { claimInvitation } from '../api/claim-invitation.js';

/** Shown once the invitation is the account's (the document opens next). */
export const INVITATION_ACCEPTED = 'The invitation is yours: review the document, then add it to your cart';
const NO_TOKEN = 'This invitation link is incomplete. Please open the link of the invitation e-mail again';
const COMPLIANCE_CANNOT_ACCEPT =
  'This invitation is for the person who was invited: they accept it by opening the link with their own account.';

/**
 * /invitation?token=… (cart-api README "Invitations"): the link of an invitation to purchase. The
 * invitation belongs to nobody until an account opens this link signed in: the account it goes to
 * accepts it here ('Accept Invitation', naming the account, so nobody accepts it as the wrong one).
 * A guest signs in on the page and the invitation is accepted at once; someone without an account
 * creates one first and opens the link again (a new account made for the invitation arrives here from
 * its first-time setup). Accepted, the page opens the invitation's document in place of this address,
 * so the token leaves the history.
 */
export function InvitationPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const { user, status } = useSession();
  const token = useRef(new URLSearchParams(search).get('token')?.trim() || null);
  const [refusal, setRefusal] = useState<string | null>(token.current ? null : NO_TOKEN);
  const [busy, setBusy] = useState(false);

  async function accept() {
    if (!token.current || busy) return;
    setBusy(true);
    const answer = await claimInvitation(token.current).finally(() => setBusy(false));
    if (!answer.ok) {
      setRefusal(answer.message);
      return;
    }
    notifySuccess(INVITATION_ACCEPTED);
    navigate(paths.actionItemDocument(answer.actionItemId), { replace: true });
  }

  let body;
  if (refusal) {
    body = (
      <Alert variant="danger">
        {refusal}{' '}
        <Link className="alert-link" to={paths.home()}>
          Go to the home page
        </Link>
      </Alert>
    );
  } else if (status === 'loading' || busy) {
    body = <LoadingState label="Loading" />;
  } else if (user?.roleGroup === 'compliance') {
    // cart-api refuses it too: compliance invites on a client's behalf, it never accepts an invitation.
    body = (
      <Alert variant="info">
        {COMPLIANCE_CANNOT_ACCEPT}{' '}
        <Link className="alert-link" to={paths.logout()}>
          Log out
        </Link>
      </Alert>
    );
  } else if (user) {
    body = (
      <Card>
        <Card.Body>
          <p>
            You have been invited to review and purchase a POP document. Accepting makes the invitation and
            its document this account&apos;s alone:{' '}
            <strong>
              {user.fullName} ({user.username})
            </strong>
            .
          </p>
          <div className="d-flex flex-wrap gap-3 align-items-center">
            <Button onClick={() => void accept()}>Accept Invitation</Button>
            <Link to={paths.logout()}>Not your account? Log out, then open the link again</Link>
          </div>
        </Card.Body>
      </Card>
    );
  } else {
    body = (
      <Card>
        <Card.Body>
          <p>
            You have been invited to review and purchase a POP document. Sign in to accept it: the invitation
            and its document become your account&apos;s alone.
          </p>
          <SignInForm
            onSignedIn={(signedIn) => {
              void recordLogin(signedIn.userId);
              void accept();
            }}
          />
          <p className="mt-3 mb-0">
            No account yet? <Link to={paths.createAccount()}>Create one</Link>, then open the link of the
            invitation e-mail again.
          </p>
        </Card.Body>
      </Card>
    );
  }

  return (
    <Row className="justify-content-center">
      <Col md={9} lg={7}>
        <PageHeader title="Your Invitation" />
        {body}
      </Col>
    </Row>
  );
}
