import { useState, type FormEvent } from 'react';
import { Button, Form, Table } from '../bootstrap.js';
import { ModalDialog } from '../actions/ModalDialog.js';
import { Busy } from '../feedback/Busy.js';
import { USER_SEARCH_TYPES, type UserRow, type UserSearchBy } from './types.js';
import { COMPANY_USER_MESSAGES } from 'shared-domain';

export interface UserSearchModalProps {
  show: boolean;
  title?: string;
  /** The search itself (the screen passes its API call: `GET user?username|email|fullName`). */
  searchUsers(by: UserSearchBy, text: string): Promise<UserRow[]>;
  /** The kinds of search offered (default all three; a broker may search by exact username or e-mail only). */
  types?: readonly UserSearchBy[];
  /** What an empty result says (default 'No users found'; the admin users screen: 'No results found'). */
  noResultsText?: string;
  /** A click on a result selects that user (the dialog closes). */
  onSelect(user: UserRow): void;
  onClose(): void;
}

/** Finds a user by username, e-mail or full name; a click on a result selects them. */
export function UserSearchModal({
  show,
  title = 'Find User',
  searchUsers,
  types,
  noResultsText = COMPANY_USER_MESSAGES.noUsers,
  onSelect,
  onClose,
}: UserSearchModalProps) {
  const [by, setBy] = useState<UserSearchBy>('username');
  const [text, setText] = useState('');
  const [results, setResults] = useState<UserRow[]>();
  const [searching, setSearching] = useState(false);

  async function search(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === '') return;
    setSearching(true);
    try {
      setResults(await searchUsers(by, text.trim()));
    } catch {
      // told already by the API client
    } finally {
      setSearching(false);
    }
  }

  return (
    <ModalDialog show={show} title={title} buttons="close" onClose={onClose}>
      <Form onSubmit={(event) => void search(event)} className="d-flex gap-2 mb-3">
        <Form.Control
          aria-label="Search text"
          placeholder="Search text"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <Form.Select
          aria-label="Search by"
          value={by}
          onChange={(event) => setBy(event.target.value as UserSearchBy)}
        >
          {USER_SEARCH_TYPES.filter((type) => !types || types.includes(type.value)).map((type) => (
            <option key={type.value} value={type.value}>
              {type.label}
            </option>
          ))}
        </Form.Select>
        <Button type="submit" disabled={searching}>
          Search
        </Button>
      </Form>
      {searching && <Busy label="Searching" />}
      {results && results.length === 0 && <p className="text-muted">{noResultsText}</p>}
      {results && results.length > 0 && (
        <Table hover size="sm">
          <thead>
            <tr>
              <th scope="col">First Name</th>
              <th scope="col">Last Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
            </tr>
          </thead>
          <tbody>
            {results.map((user) => (
              <tr
                key={user.userId}
                role="button"
                tabIndex={0}
                aria-label={`Select ${user.firstName} ${user.lastName}`}
                onClick={() => onSelect(user)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') onSelect(user);
                }}
              >
                <td>{user.firstName}</td>
                <td>{user.lastName}</td>
                <td>{user.email}</td>
                <td>{user.role}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </ModalDialog>
  );
}
