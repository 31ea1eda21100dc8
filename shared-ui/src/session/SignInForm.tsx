import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Form, Spinner } from '../bootstrap.js';
import { MESSAGES } from 'shared-domain';
import type { SessionUser } from '../api/bff.js';
import { dismissToasts, notifyError } from '../feedback/toasts.js';
import { browserLocation } from './browser-location.js';
import { useSession } from './session.js';

export interface SignInFormProps {
  /** Called once the session exists (the shell records the login). */
  onSignedIn?(user: SessionUser): void;
  /**
   * §4 Login outcomes: an expired password goes to the reset flow (the shell: /forgot-password?expired=true),
   * given the username so the reset step need not ask for it again.
   */
  onPasswordExpired?(username: string): void;
  /** Called just before the page leaves for the external identity page (gsuite accounts). */
  onExternalSignIn?(): void;
}

/** The login form of the specs: Username, Password, 'Secure Sign In'. */
export function SignInForm({ onPasswordExpired, onSignedIn, onExternalSignIn }: SignInFormProps) {
  const { signIn } = useSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  /** Why the last press did not sign in, and which fields it is about (both: wrong credentials). */
  const [problem, setProblem] = useState<{ text: string; username: boolean; password: boolean } | null>(null);
  const id = useId();
  const errorId = `${id}-error`;

  // Told twice: the specs' toast, and beside the fields (announced, tied to them) where the eye is.
  function refuse(text: string, fields: { username: boolean; password: boolean }) {
    setProblem({ text, ...fields });
    notifyError(text);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (username.trim() === '' || password === '') {
      refuse(MESSAGES.missingLogin, { username: username.trim() === '', password: password === '' });
      return;
    }
    setProblem(null);
    setBusy(true);
    const name = username.trim();
    const result = await signIn(name, password).finally(() => setBusy(false));
    if (result.ok) {
      dismissToasts();
      onSignedIn?.(result.user);
      return;
    }
    if (result.reason === 'password_expired' && onPasswordExpired) {
      onPasswordExpired(name);
    } else if (result.reason === 'gsuite' && result.redirectUrl) {
      // Identity-provider accounts sign in on their provider's page (a top-level navigation).
      onExternalSignIn?.();
      browserLocation.assign(result.redirectUrl);
    } else if (result.message) {
      // Wrong credentials, a locked account: about the two fields; too many attempts: about neither.
      const aboutFields = result.reason !== 'error' || result.message === MESSAGES.invalidLogin;
      refuse(result.message, { username: aboutFields, password: aboutFields });
    }
  }

  const described = (invalid: boolean | undefined) =>
    invalid ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};

  return (
    <Form noValidate onSubmit={submit} aria-label="Sign in">
      {/* Not a live region: the toast announces it; this one stays where the fields are. */}
      {problem && (
        <Alert variant="danger" id={errorId} className="py-2">
          {problem.text}
        </Alert>
      )}
      <Form.Group className="mb-3" controlId={`${id}-username`}>
        <Form.Label>Username</Form.Label>
        <Form.Control
          name="username"
          autoComplete="username"
          value={username}
          onChange={(event) => {
            setUsername(event.target.value);
            setProblem(null);
          }}
          {...described(problem?.username)}
        />
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${id}-password`}>
        <Form.Label>Password</Form.Label>
        <Form.Control
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setProblem(null);
          }}
          {...described(problem?.password)}
        />
      </Form.Group>
      <Button type="submit" variant="primary" className="w-100" disabled={busy}>
        {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden />}
        Secure Sign In
      </Button>
    </Form>
  );
}
