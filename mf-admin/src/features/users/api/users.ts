import {
  apiClient,
  call,
  useApi,
  type ApiResult,
  type ClientSearchRow,
  type UserRow,
  type UserSearchBy,
} from 'shared-ui';

/** A user linked to another (specs/3-admin.md §3 "User"). */
export type LinkedUser = ApiResult<'/user/{userId}/linked-user'>[number];
/** A company of a user (specs/3-admin.md §3 "Company of a user"). */
export type UserCompany = ApiResult<'/user/{userId}/company'>[number];

/** §9: the admin user search asks page 1 of 300. */
export const USER_SEARCH_PAGE = { page: 1, pageSize: 300 } as const;

/** GET user?username|email|fullName&page=1&pageSize=300 (specs/3-admin.md §7). */
export const searchUsers = (by: UserSearchBy, text: string): Promise<UserRow[]> =>
  call(apiClient.GET('/user', { params: { query: { [by]: text, ...USER_SEARCH_PAGE } } }));

/** GET user/{userId}/linked-user. */
export const useLinkedUsers = (userId: string | undefined) =>
  useApi('/user/{userId}/linked-user', userId ? { path: { userId } } : null);

/** POST user/{userId}/{otherUserId}: links two users. */
export const linkUser = (userId: string, otherUserId: string) =>
  call(
    apiClient.POST('/user/{userId}/{otherUserId}', { params: { path: { userId, otherUserId } }, body: {} }),
  );

/** DELETE user/{userId}/{otherUserId}: unlinks two users. */
export const unlinkUser = (userId: string, otherUserId: string) =>
  call(apiClient.DELETE('/user/{userId}/{otherUserId}', { params: { path: { userId, otherUserId } } }));

/** GET user/{userId}/company. */
export const useUserCompanies = (userId: string | undefined) =>
  useApi('/user/{userId}/company', userId ? { path: { userId } } : null);

/** POST company/{clientId}/user/{userId}: adds the user to a client company. */
export const addCompany = (clientId: string, userId: string) =>
  call(
    apiClient.POST('/company/{companyId}/user/{userId}', {
      params: { path: { companyId: clientId, userId } },
      body: {},
    }),
  );

/** DELETE company/{clientId}/user/{userId}: removes the user from a client company. */
export const removeCompany = (clientId: string, userId: string) =>
  call(
    apiClient.DELETE('/company/{companyId}/user/{userId}', {
      params: { path: { companyId: clientId, userId } },
    }),
  );

/** GET client/search?searchText=: the companies to add. */
export const searchClients = (searchText: string): Promise<ClientSearchRow[]> =>
  call(apiClient.GET('/client/search', { params: { query: { searchText } } }));
