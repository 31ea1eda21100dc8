import { apiClient, call, type PasswordResetRequest } from 'shared-ui';

/** GET user/exists?username= (a username or an e-mail address): reset step 1's check. */
export const checkUserExists = (username: string) =>
  call(apiClient.GET('/user/exists', { params: { query: { username } } }));

/** GET authentication/password/reset?username=: e-mails a one-time passcode. */
export const requestPasscode = (username: string) =>
  call(apiClient.GET('/authentication/password/reset', { params: { query: { username } } }));

/** POST authentication/password/reset: a refusal (400 {message}) is the api client's one toast. */
export const resetPassword = (request: PasswordResetRequest) =>
  call(apiClient.POST('/authentication/password/reset', { body: request }));
