import { apiClient, apiKey, call, useApi } from '../api/client.js';
import type { CompanyUser } from '../api/types.js';
import type { UserRow, UserSearchBy } from './types.js';

/** The cache key of a company's users (`GET company/{companyId}/user`). */
export const companyUsersKey = (companyId: string) =>
  apiKey('/company/{companyId}/user', { path: { companyId } });

/** GET company/{companyId}/user: the company users panel's rows (a 404 is the page's to tell, not a toast). */
export const useCompanyUsers = (companyId: string) =>
  useApi('/company/{companyId}/user', { path: { companyId } }, { quiet: [404] });

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
