import { Alert, Button } from 'shared-ui/bootstrap';
import { Form, Formik, TextField } from 'shared-ui/forms';
import { ACCOUNT_MESSAGES, MESSAGES } from 'shared-domain';
import { notifyError, notifySuccess } from 'shared-ui';
import { checkUserExists, requestPasscode } from '../api/password-reset.js';

export interface UsernameStepProps {
  /** Step 1.1: the password expired; the user only confirms who they are and asks for the e-mail. */
  expired: boolean;
  /**
   * The username the login screen handed over ('' when none): prefilled, and, at step 1.1, the one
   * name sent without the `user/exists` check (that sign-in already knew the account).
   */
  loginUsername: string;
  /** The passcode is on its way: on to step 2. */
  onPasscodeSent(username: string): void;
}

/**
 * Reset step 1 ('enter username or e-mail address': checked, then a passcode is e-mailed) and
 * step 1.1 (the expired password: one button sends the reset e-mail).
 */
export function UsernameStep({ expired, loginUsername, onPasscodeSent }: UsernameStepProps) {
  async function submit({ username }: { username: string }) {
    const name = username.trim();
    if (name === '') {
      notifyError(MESSAGES.invalidUsername);
      return;
    }
    try {
      // Only the account the login screen's sign-in knew skips the check; a typed name is checked.
      const knownAccount = expired && loginUsername !== '' && name === loginUsername;
      if (!knownAccount && !(await checkUserExists(name)).exists) {
        notifyError(MESSAGES.invalidUsername);
        return;
      }
      await requestPasscode(name);
    } catch {
      return; // told by the api client
    }
    notifySuccess(MESSAGES.passcodeSent);
    onPasscodeSent(name);
  }

  return (
    <Formik initialValues={{ username: loginUsername }} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Form noValidate aria-label={expired ? 'Password expired' : 'Find your account'}>
          {expired ? (
            <Alert variant="warning">{ACCOUNT_MESSAGES.passwordExpired}</Alert>
          ) : (
            <p>Enter your username or e-mail address and we will e-mail you a one-time passcode.</p>
          )}
          <TextField name="username" label="Username or e-mail address" autoComplete="username" />
          <Button type="submit" disabled={isSubmitting}>
            {expired ? 'Send Reset E-mail' : 'Send Passcode'}
          </Button>
        </Form>
      )}
    </Formik>
  );
}
