import { Alert, Button, Card, Col, Row } from 'shared-ui/bootstrap';
import { Form, Formik, TextField } from 'shared-ui/forms';
import { Link, useLocation, useNavigate, useParams } from 'shared-ui/router';
import { ACCOUNT_MESSAGES, firstTimeSetupSchema, type FirstTimeSetupPayload } from 'shared-domain';
import { LoadingState, notifySuccess, PageHeader, paths, type TemporaryUserToken, TERMS } from 'shared-ui';
import { PasswordFields } from '../../../components/form/PasswordFields.js';
import { NameFields } from '../../../components/form/NameFields.js';
import { completeFirstTimeSetup, useTemporaryUserToken } from '../api/first-time-setup.js';

function initialValues({ userId, user }: TemporaryUserToken): FirstTimeSetupPayload {
  return {
    userId,
    username: user.userName,
    firstname: user.firstName,
    lastname: user.lastName,
    email: user.email,
    password: '',
    confirmPassword: '',
  };
}

/** The welcome page's words when it continues to an invitation (cart-api README "Invitations"). */
export const SETUP_FOR_INVITATION = {
  lead: 'Set up your account, then sign in to accept your invitation.',
  ready: 'Your account is ready. Sign in to accept your invitation',
};

/**
 * /first-time-setup/{token} (§2 First-login welcome): the invited user verifies their details and
 * sets a password. Reachable signed in or not. With `?invitationToken=` (the link of an invitation to
 * purchase, for an account made for it), it then goes on to that invitation's page, where the person
 * signs in and accepts it; keeping the e-mail address the link was sent to verifies it.
 */
export function FirstTimeSetupPage() {
  const { token } = useParams();
  const { search } = useLocation();
  const invitationToken = new URLSearchParams(search).get('invitationToken')?.trim() || undefined;
  const navigate = useNavigate();
  const { data, error, isLoading } = useTemporaryUserToken(token);

  async function submit(values: FirstTimeSetupPayload) {
    let answer;
    try {
      answer = await completeFirstTimeSetup(token!, {
        ...values,
        username: values.username.trim(),
        firstname: values.firstname.trim(),
        lastname: values.lastname.trim(),
        email: values.email.trim(),
      });
    } catch {
      return; // told by the api client
    }
    if (invitationToken) {
      notifySuccess(SETUP_FOR_INVITATION.ready);
      navigate(paths.invitation(invitationToken), { replace: true });
      return;
    }
    notifySuccess(answer?.message || ACCOUNT_MESSAGES.setupComplete);
    navigate(paths.home());
  }

  let body;
  if (!token || error) {
    body = (
      <Alert variant="danger">
        {ACCOUNT_MESSAGES.invalidSetupLink}{' '}
        <Link className="alert-link" to={paths.home()}>
          Back to sign in
        </Link>
      </Alert>
    );
  } else if (isLoading || !data) {
    body = <LoadingState label="Loading" />;
  } else {
    body = (
      <Card>
        <Card.Body>
          <Formik
            initialValues={initialValues(data)}
            validationSchema={firstTimeSetupSchema}
            onSubmit={submit}
          >
            {({ isSubmitting }) => (
              <Form noValidate aria-label="Complete account setup">
                {invitationToken && (
                  <Alert variant="info">
                    {SETUP_FOR_INVITATION.lead} Already have an account?{' '}
                    <Link to={paths.invitation(invitationToken)}>Sign in and accept it there</Link>.
                  </Alert>
                )}
                <p>Please check your details, then choose a password.</p>
                <NameFields first="firstname" last="lastname" required />
                <TextField name="username" label="Username" required autoComplete="username" />
                <TextField name="email" label={TERMS.email} type="email" required autoComplete="email" />
                <PasswordFields
                  required
                  password={{ name: 'password', label: 'Password' }}
                  confirm={{ name: 'confirmPassword', label: 'Confirm Password' }}
                />
                <Button type="submit" disabled={isSubmitting}>
                  Complete Account Setup
                </Button>
              </Form>
            )}
          </Formik>
        </Card.Body>
      </Card>
    );
  }

  return (
    <Row className="justify-content-center">
      <Col md={9} lg={7}>
        <PageHeader title="Welcome" />
        {body}
      </Col>
    </Row>
  );
}
