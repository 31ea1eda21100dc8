import { PASSWORD_POLICY_TEXT } from 'shared-domain';
import { TextField } from 'shared-ui/forms';

export interface PasswordFieldsProps {
  /** Field names and labels of the new password and its confirmation. */
  password: { name: string; label: string };
  confirm: { name: string; label: string };
  required?: boolean;
}

/** A new password and its confirmation, with the password policy shown (§5). */
export function PasswordFields({ password, confirm, required }: PasswordFieldsProps) {
  return (
    <>
      <TextField
        {...password}
        type="password"
        required={required}
        autoComplete="new-password"
        help={PASSWORD_POLICY_TEXT}
      />
      <TextField {...confirm} type="password" required={required} autoComplete="new-password" />
    </>
  );
}
