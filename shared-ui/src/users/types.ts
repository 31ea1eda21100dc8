/** A user as the search and the company users panel show one (specs/2-documents.md §7 `GET user`). */
export interface UserRow {
  userId: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
}

/** What the user search looks in (specs/3-admin.md "Users"). */
export type UserSearchBy = 'username' | 'email' | 'fullName';

export const USER_SEARCH_TYPES: readonly { value: UserSearchBy; label: string }[] = [
  { value: 'username', label: 'Username' },
  { value: 'email', label: 'Email' },
  { value: 'fullName', label: 'Full Name' },
];
