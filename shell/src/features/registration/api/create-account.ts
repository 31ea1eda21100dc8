import type { AccountType } from 'shared-domain';
import { apiClient, call, type RegistrationPayload } from 'shared-ui';

/** The create-account form's values (the account type is unchosen at first). */
export interface RegistrationValues {
  accountType: AccountType | '';
  firstname: string;
  lastname: string;
  companyName: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/**
 * The POST user body (§7): the names URL-encoded with encodeURIComponent, as identity-api expects,
 * and the referral id kept in local storage (or null).
 */
export function registrationPayload(
  values: RegistrationValues,
  referralId: string | null,
): RegistrationPayload {
  return {
    accountType: values.accountType as AccountType,
    firstname: encodeURIComponent(values.firstname.trim()),
    lastname: encodeURIComponent(values.lastname.trim()),
    companyName: encodeURIComponent(values.companyName.trim()),
    email: values.email.trim(),
    username: values.username.trim(),
    password: values.password,
    confirmPassword: values.confirmPassword,
    referralId,
  };
}

/** POST user (public): 201 {userId}; refusals are toasts through the api client. */
export const createAccount = (payload: RegistrationPayload) =>
  call(apiClient.POST('/user', { body: payload }));
