import { ACCOUNT_TYPES } from 'shared-domain';
import { ChoiceField } from 'shared-ui/forms';

/** Account type (§5): only Producer/Broker and Employer are offered. */
export function AccountTypeField() {
  return <ChoiceField name="accountType" label="Account Type" required options={ACCOUNT_TYPES} />;
}
