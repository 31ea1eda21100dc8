import type { PasswordResetAnswer, PasswordResetRequest, UserExists } from 'shared-domain';
import { api } from 'shared-ui';

const byUsername = (username: string) => `username=${encodeURIComponent(username)}`;

/** GET user/exists?username= (a username or an e-mail address): reset step 1's check. */
export const checkUserExists = (username: string) =>
  api.get<UserExists>(`user/exists?${byUsername(username)}`);

/** GET authentication/password/reset?username=: e-mails a one-time passcode. */
export const requestPasscode = (username: string) =>
  api.get<PasswordResetAnswer>(`authentication/password/reset?${byUsername(username)}`);

/** POST authentication/password/reset: a refusal (400 {message}) is the api client's one toast. */
export const resetPassword = (request: PasswordResetRequest) =>
  api.post<PasswordResetAnswer>('authentication/password/reset', request);
