import { Col, Row } from 'shared-ui/bootstrap';
import { ChoiceField, MaskedField, TextField } from 'shared-ui/forms';
import { CheckHelpImage } from './CheckHelpImage.js';

const ACCOUNT_TYPES = [
  { value: true, label: 'Checking' },
  { value: false, label: 'Savings' },
] as const;

/**
 * The ACH form (§2 "Checkout", §3 "ACH payment"): ABA Routing Number (9 digits), Bank Name, Email,
 * Account Number, Name on Account, Checking or Savings, and the check help image.
 */
export function AchFields() {
  return (
    <fieldset>
      <legend className="h5">Bank Account</legend>
      <Row>
        <Col lg={7}>
          <MaskedField
            name="routingNumber"
            label="ABA Routing Number"
            mask="aba"
            autoComplete="off"
            required
          />
          <TextField name="bankName" label="Bank Name" maxLength={100} required />
          <TextField name="email" label="Email" type="email" autoComplete="email" maxLength={254} required />
          <TextField name="accountNumber" label="Account Number" autoComplete="off" maxLength={20} required />
          <TextField
            name="nameOnAccount"
            label="Name on Account"
            autoComplete="name"
            maxLength={100}
            required
          />
          <ChoiceField<boolean> name="checking" label="Account Type" options={ACCOUNT_TYPES} required />
        </Col>
        <Col lg={5}>
          <CheckHelpImage />
        </Col>
      </Row>
    </fieldset>
  );
}
