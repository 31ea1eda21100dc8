import Alert from 'react-bootstrap/Alert';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { PageTitle } from '../../../components/PageTitle.js';

// The account pages come with the accounts issue; their routes and titles are in place.

export function ForgotPasswordPage() {
  const [search] = useSearchParams();
  const expired = search.get('expired') === 'true';
  return (
    <>
      <PageTitle>Forgot Password</PageTitle>
      {expired && <Alert variant="warning">Your password has expired. Please choose a new password.</Alert>}
      <p>Enter your username or e-mail address to receive a one-time passcode.</p>
      <Link to="/">Back to sign in</Link>
    </>
  );
}

export function CreateAccountPage() {
  return (
    <>
      <PageTitle>Create Account</PageTitle>
      <p>Account types: Producer/Broker or Employer.</p>
      <Link to="/">Back to sign in</Link>
    </>
  );
}

export function FirstTimeSetupPage() {
  const { token } = useParams();
  return (
    <>
      <PageTitle>Welcome</PageTitle>
      <p>Verify your details and set a password to complete your account setup.</p>
      {!token && <Alert variant="danger">This link is not valid.</Alert>}
    </>
  );
}

export function AuthPage() {
  return (
    <>
      <PageTitle>Signing In</PageTitle>
      <p>
        This sign-in link could not be used. <Link to="/">Sign in</Link>
      </p>
    </>
  );
}
