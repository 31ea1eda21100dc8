import type { ProfileUpdate, ProfileUser } from 'shared-domain';
import { api, useApi } from 'shared-ui';

const profilePath = (userId: string) => `user/${encodeURIComponent(userId)}`;

/** GET user/{userId} (the owner only): the profile being edited. */
export const useProfile = (userId: string | undefined) =>
  useApi<ProfileUser>(userId ? profilePath(userId) : null);

/** POST user/{userId}: answers the updated profile (a falsy answer means nothing was saved). */
export const updateProfile = (update: ProfileUpdate) =>
  api.post<ProfileUser | null>(profilePath(update.userId), update);
