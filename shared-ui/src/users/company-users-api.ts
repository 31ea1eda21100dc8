import { apiClient, call, queryKey, useQuery } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import { reportError } from '../api/http.js';
import type { CompanyUser } from '../api/types.js';
import type { UserRow, UserSearchBy } from './types.js';

/** GET company/{companyId}/user: the company users panel's rows (a 404 is the page's to tell, not a toast). */
export async function getCompanyUsers(companyId: string): Promise<CompanyUser[]> {
  try {
    return await call(apiClient.GET('/company/{companyId}/user', { params: { path: { companyId } } }), {
      silent: true,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status !== 404 && error.status !== 401) reportError(error);
    throw error;
  }
}

export const companyUsersKey = (companyId: string) => queryKey('/company/{companyId}/user', companyId);

export const useCompanyUsers = (companyId: string) =>
  useQuery(companyUsersKey(companyId), () => getCompanyUsers(companyId));

/** POST company/{companyId}/user/{userId}: Add User (the user chosen in the search). */
export const addCompanyUser = (companyId: string, userId: string): Promise<CompanyUser> =>
  call(
    apiClient.POST('/company/{companyId}/user/{userId}', {
      params: { path: { companyId, userId } },
      body: {},
    }),
  );

/** DELETE company/{companyId}/user/{userId}: Remove Access. */
export const removeCompanyUser = (companyId: string, userId: string): Promise<unknown> =>
  call(apiClient.DELETE('/company/{companyId}/user/{userId}', { params: { path: { companyId, userId } } }));

/** GET user?username=|email=|fullName= (the user search modal; a broker: exact username or e-mail). */
export const searchUsers = (by: UserSearchBy, text: string): Promise<UserRow[]> =>
  call(apiClient.GET('/user', { params: { query: { [by]: text } } }));
