import { apiClient, call, useApi } from 'shared-ui';

/** GET user/{userId}/email-verification (the owner only): the address in force, verified or not, and a change waiting for its link. */
export const useEmailStatus = (userId: string | undefined) =>
  useApi('/user/{userId}/email-verification', userId ? { path: { userId } } : null);

/** POST user/{userId}/email-verification: e-mails a new verification link to the address waiting for one. */
export const sendVerificationLink = (userId: string) =>
  call(apiClient.POST('/user/{userId}/email-verification', { params: { path: { userId } }, body: {} }));
