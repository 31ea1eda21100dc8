import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { CompanyUsersPanel, matchesUserFilter } from './CompanyUsersPanel.js';
import type { UserRow } from './types.js';
import { UserSearchModal } from './UserSearchModal.js';

afterEach(cleanup);

const pat: UserRow = {
  userId: 'u-1',
  username: 'pat.lee',
  firstName: 'Pat',
  lastName: 'Lee',
  email: 'pat@acme.test',
  role: 'employer',
};
const sam: UserRow = {
  ...pat,
  userId: 'u-2',
  username: 'sam.ortiz',
  firstName: 'Sam',
  lastName: 'Ortiz',
  email: 'billing@acme.test',
};

describe('the company users panel', () => {
  it('filters from 3 characters, from the start of e-mail, username or "first last", any case', () => {
    expect(matchesUserFilter(pat, 'pa')).toBe(true); // too short: no filter
    expect(matchesUserFilter(pat, 'PAT L')).toBe(true);
    expect(matchesUserFilter(sam, 'bill')).toBe(true);
    expect(matchesUserFilter(sam, 'sam.o')).toBe(true);
    expect(matchesUserFilter(sam, 'ortiz')).toBe(false); // the last name alone is not a start
    expect(matchesUserFilter(pat, 'acme')).toBe(false);
  });

  it('lists Name, Username, Email with Remove Access, adds users, and says when none match', () => {
    const onAddUser = jest.fn();
    const removed: string[] = [];
    render(
      <CompanyUsersPanel
        users={[pat, sam]}
        onAddUser={onAddUser}
        onRemoveAccess={(user) => removed.push(user.userId)}
      />,
    );
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Name', 'Username', 'Email', 'Actions']);
    fireEvent.click(
      within(screen.getByText('Sam Ortiz').closest('tr')!).getByRole('button', { name: 'Remove Access' }),
    );
    expect(removed).toEqual(['u-2']);
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    expect(onAddUser).toHaveBeenCalledTimes(1);
    fireEvent.change(screen.getByPlaceholderText('Name, Username, or E-mail'), { target: { value: 'zzz' } });
    expect(screen.getByText('No users found')).toBeTruthy();
  });

  it('is the list alone without its actions (a reader who may not change it)', () => {
    render(<CompanyUsersPanel users={[pat]} />);
    expect(screen.getByText('Pat Lee')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Username',
      'Email',
    ]);
    expect(screen.queryByRole('button', { name: 'Add User' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Access' })).toBeNull();
  });
});

describe('the user search modal', () => {
  it('searches by the chosen type and selects the user clicked', async () => {
    const searches: string[] = [];
    const selected: string[] = [];
    render(
      <UserSearchModal
        show
        searchUsers={async (by, text) => {
          searches.push(`${by}:${text}`);
          return [pat];
        }}
        onSelect={(user) => selected.push(user.userId)}
        onClose={() => undefined}
      />,
    );
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Username',
      'Email',
      'Full Name',
    ]);
    fireEvent.change(screen.getByLabelText('Search by'), { target: { value: 'fullName' } });
    fireEvent.change(screen.getByLabelText('Search text'), { target: { value: ' Pat Lee ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const row = await screen.findByRole('button', { name: 'Select Pat Lee' });
    expect(searches).toEqual(['fullName:Pat Lee']);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'First Name',
      'Last Name',
      'Email',
      'Role',
    ]);
    fireEvent.click(row);
    expect(selected).toEqual(['u-1']);
  });
});
