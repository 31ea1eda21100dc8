import { Button, Card, Col, Row } from 'shared-ui/bootstrap';
import { Form, Formik, type FormikHelpers, TextField } from 'shared-ui/forms';
import { MESSAGES, profileSchema, type ProfileUpdate } from 'shared-domain';
import { LoadingState, notifySuccess, PageHeader, type ProfileUser, useSession, TERMS } from 'shared-ui';
import { PasswordFields } from '../../../components/form/PasswordFields.js';
import { NameFields } from '../../../components/form/NameFields.js';
import { useEmailStatus } from '../api/email-verification.js';
import { updateProfile, useProfile } from '../api/profile.js';
import { EmailStatus } from './EmailStatus.js';

function initialValues(profile: ProfileUser): ProfileUpdate {
  return { ...profile, changePassword: false, password: '', confirmPassword: '' };
}

/** 'Your Profile' (§2): the user's names, username and e-mail, and optionally a new password. */
export function ProfilePage() {
  const { user } = useSession();
  const { data: profile, mutate } = useProfile(user?.userId);
  const { mutate: reloadEmailStatus } = useEmailStatus(user?.userId);

  async function submit(values: ProfileUpdate, form: FormikHelpers<ProfileUpdate>) {
    const update: ProfileUpdate = {
      ...values,
      userName: values.userName.trim(),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      // The password travels only when it is being changed.
      password: values.changePassword ? values.password : '',
      confirmPassword: values.changePassword ? values.confirmPassword : '',
    };
    let saved;
    try {
      saved = await updateProfile(update);
    } catch {
      return; // told by the api client
    }
    if (!saved) return; // §7: a falsy answer aborts silently
    await mutate(saved, { revalidate: false });
    form.resetForm({ values: initialValues(saved) });
    notifySuccess(MESSAGES.profileUpdated);
    // A new address waits for its link (the verified one stays in force): the notice says so.
    void reloadEmailStatus();
  }

  return (
    <Row className="justify-content-center">
      <Col md={9} lg={7}>
        <PageHeader title="Your Profile" />
        {profile && <EmailStatus userId={profile.userId} />}
        {!profile ? (
          <LoadingState label="Loading" />
        ) : (
          <Card>
            <Card.Body>
              <Formik
                initialValues={initialValues(profile)}
                validationSchema={profileSchema}
                onSubmit={submit}
              >
                {({ values, isSubmitting, setFieldValue, setFieldTouched }) => (
                  <Form noValidate aria-label="Your profile">
                    <NameFields first="firstName" last="lastName" />
                    <TextField name="userName" label="Username" autoComplete="username" />
                    <TextField name="email" label={TERMS.email} type="email" autoComplete="email" />
                    <Button
                      variant="link"
                      className="px-0 mb-3"
                      aria-expanded={values.changePassword}
                      onClick={() => {
                        const opening = !values.changePassword;
                        void setFieldValue('changePassword', opening);
                        if (!opening) {
                          // Cancel Change forgets what was typed.
                          void setFieldValue('password', '');
                          void setFieldValue('confirmPassword', '');
                          void setFieldTouched('password', false, false);
                          void setFieldTouched('confirmPassword', false, false);
                        }
                      }}
                    >
                      {values.changePassword ? 'Cancel Change' : 'Change Password?'}
                    </Button>
                    {values.changePassword && (
                      <PasswordFields
                        password={{ name: 'password', label: 'Enter a new password' }}
                        confirm={{ name: 'confirmPassword', label: 'Confirm your new password' }}
                      />
                    )}
                    <div>
                      <Button type="submit" disabled={isSubmitting}>
                        Update Profile
                      </Button>
                    </div>
                  </Form>
                )}
              </Formik>
            </Card.Body>
          </Card>
        )}
      </Col>
    </Row>
  );
}
