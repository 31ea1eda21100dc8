import { Button, Card, Col, Row } from 'shared-ui/bootstrap';
import { Form, Formik, TextField } from 'shared-ui/forms';
import { Link, useNavigate } from 'shared-ui/router';
import { MESSAGES, registrationSchema } from 'shared-domain';
import { notifySuccess, PageHeader, paths, TERMS } from 'shared-ui';
import { PasswordFields } from '../../../components/form/PasswordFields.js';
import { NameFields } from '../../../components/form/NameFields.js';
import { readReferralId } from '../../../lib/referral.js';
import { createAccount, registrationPayload, type RegistrationValues } from '../api/create-account.js';
import { AccountTypeField } from './AccountTypeField.js';

const EMPTY: RegistrationValues = {
  accountType: '',
  firstname: '',
  lastname: '',
  companyName: '',
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
};

/** /create-account (§2 Create account, §5 Registration): the asterisked fields are required. */
export function CreateAccountPage() {
  const navigate = useNavigate();

  async function submit(values: RegistrationValues) {
    try {
      await createAccount(registrationPayload(values, readReferralId()));
    } catch {
      return; // the api client has shown the server's answer (validation list or message)
    }
    notifySuccess(MESSAGES.accountCreated);
    navigate(paths.home());
  }

  return (
    <Row className="justify-content-center">
      <Col md={9} lg={7}>
        <PageHeader title="Create Account" />
        <Card>
          <Card.Body>
            <Formik initialValues={EMPTY} validationSchema={registrationSchema} onSubmit={submit}>
              {({ isSubmitting }) => (
                <Form noValidate aria-label="Create account">
                  <AccountTypeField />
                  <NameFields first="firstname" last="lastname" required />
                  <TextField name="companyName" label={TERMS.companyName} autoComplete="organization" />
                  <TextField name="username" label="Username" required autoComplete="username" />
                  <TextField name="email" label={TERMS.email} type="email" required autoComplete="email" />
                  <PasswordFields
                    required
                    password={{ name: 'password', label: 'Password' }}
                    confirm={{ name: 'confirmPassword', label: 'Confirm Password' }}
                  />
                  <div className="d-flex align-items-center gap-3">
                    <Button type="submit" disabled={isSubmitting}>
                      Create Account
                    </Button>
                    <Link to={paths.home()}>Back to sign in</Link>
                  </div>
                </Form>
              )}
            </Formik>
          </Card.Body>
        </Card>
      </Col>
    </Row>
  );
}
