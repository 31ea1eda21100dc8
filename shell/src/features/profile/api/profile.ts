import { apiClient, call, useApi, type ProfileUpdate } from 'shared-ui';

/** GET user/{userId} (the owner only): the profile being edited. */
export const useProfile = (userId: string | undefined) =>
  useApi('/user/{userId}', userId ? { path: { userId } } : null);

/** POST user/{userId}: answers the updated profile (a falsy answer means nothing was saved). */
export const updateProfile = (update: ProfileUpdate & { userId: string }) =>
  call(apiClient.POST('/user/{userId}', { params: { path: { userId: update.userId } }, body: update }));
