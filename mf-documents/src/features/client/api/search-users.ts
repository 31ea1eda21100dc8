import { apiClient, call, type UserRow, type UserSearchBy } from 'shared-ui';

/** GET user?username=|email=|fullName= (the user search modal; a broker: exact username or e-mail). */
export const searchUsers = (by: UserSearchBy, text: string): Promise<UserRow[]> =>
  call(apiClient.GET('/user', { params: { query: { [by]: text } } }));
