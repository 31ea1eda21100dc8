import { Button } from 'shared-ui/bootstrap';
import { Form, Formik, TextField } from 'shared-ui/forms';
import { MESSAGES, type PasswordResetRequest } from 'shared-domain';
import { notifyError, notifySuccess } from 'shared-ui';
import { PasswordFields } from '../../../components/form/PasswordFields.js';
import { resetPassword } from '../api/password-reset.js';

type NewPasswordValues = Omit<PasswordResetRequest, 'username'>;

const EMPTY: NewPasswordValues = { passcode: '', password: '', confirm: '' };

/**
 * Reset step 2: the passcode, the new password and its confirmation. All three are needed ('All
 * fields are required', nothing sent); every other refusal is the server's message (§5).
 */
export function NewPasswordStep({ username, onDone }: { username: string; onDone(): void }) {
  async function submit(values: NewPasswordValues) {
    if (values.passcode.trim() === '' || values.password === '' || values.confirm === '') {
      notifyError(MESSAGES.allFieldsRequired);
      return;
    }
    let answer;
    try {
      answer = await resetPassword({ username, ...values, passcode: values.passcode.trim() });
    } catch {
      return; // 400 {message}: the api client's toast is the one message
    }
    if (answer?.success === false) {
      // A refusal the server answered with 200: still its own message, and nothing more.
      if (answer.message) notifyError(answer.message);
      return;
    }
    notifySuccess(MESSAGES.passwordUpdated);
    onDone();
  }

  return (
    <Formik initialValues={EMPTY} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Choose a new password">
          <p>
            Enter the passcode we e-mailed for <strong>{username}</strong> and choose a new password.
          </p>
          <TextField name="passcode" label="Passcode" autoComplete="one-time-code" />
          <PasswordFields
            password={{ name: 'password', label: 'New password' }}
            confirm={{ name: 'confirm', label: 'Confirm new password' }}
          />
          <Button type="submit" disabled={isSubmitting}>
            Update Password
          </Button>
        </Form>
      )}
    </Formik>
  );
}
