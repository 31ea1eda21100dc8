import { useState } from 'react';
import { Button, Form } from '../bootstrap.js';
import { DataTable, type Column } from '../page/DataTable.js';
import type { UserRow } from './types.js';
import { COMPANY_USER_MESSAGES } from 'shared-domain';

/** The filter applies from this many characters on (specs/3-admin.md "Company users panel"). */
export const USER_FILTER_MIN_LENGTH = 3;

/**
 * Whether a user matches the panel's filter: the text begins their e-mail, their username or
 * 'first last', case-insensitively. Shorter texts filter nothing.
 */
export function matchesUserFilter(user: UserRow, filter: string): boolean {
  const text = filter.trim().toLowerCase();
  if (text.length < USER_FILTER_MIN_LENGTH) return true;
  return [user.email, user.username, `${user.firstName} ${user.lastName}`].some((field) =>
    field.toLowerCase().startsWith(text),
  );
}

export interface CompanyUsersPanelProps {
  users: UserRow[];
  /** Without it there is no 'Add User' button (a reader who may not grant access). */
  onAddUser?(): void;
  /** Without it there is no 'Remove Access' link. */
  onRemoveAccess?(user: UserRow): void;
}

/**
 * A company's users: Name, Username, Email and Remove Access, an Add User button and a filter. Left
 * without its actions, it is the list alone (for whoever may see the users but not change them).
 */
export function CompanyUsersPanel({ users, onAddUser, onRemoveAccess }: CompanyUsersPanelProps) {
  const [filter, setFilter] = useState('');
  const shown = users.filter((user) => matchesUserFilter(user, filter));
  const columns: Column<UserRow>[] = [
    { key: 'name', header: 'Name', cell: (user) => `${user.firstName} ${user.lastName}` },
    { key: 'username', header: 'Username', cell: (user) => user.username },
    { key: 'email', header: 'Email', className: 'text-break', cell: (user) => user.email },
    ...(onRemoveAccess
      ? [
          {
            key: 'actions',
            header: 'Actions',
            hideHeader: true,
            cell: (user: UserRow) => (
              <Button variant="link" className="p-0" onClick={() => onRemoveAccess(user)}>
                Remove Access
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <section aria-label="Company users">
      <div className="d-flex gap-2 mb-2">
        <Form.Control
          type="search"
          placeholder="Name, Username, or E-mail"
          aria-label="Name, Username, or E-mail"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
        {onAddUser && (
          <Button className="text-nowrap" onClick={onAddUser}>
            Add User
          </Button>
        )}
      </div>
      <DataTable
        label="Company users"
        columns={columns}
        rows={shown}
        rowKey={(user) => user.userId}
        empty={COMPANY_USER_MESSAGES.noUsers}
        size="sm"
      />
    </section>
  );
}
