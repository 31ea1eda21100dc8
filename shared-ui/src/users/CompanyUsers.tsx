import { useState } from 'react';
import { COMPANY_USER_MESSAGES } from 'shared-domain';
import type { CompanyUser } from '../api/types.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { notifySuccess } from '../feedback/toasts.js';
import { LoadingState } from '../page/states.js';
import { useSession } from '../session/session.js';
import { CompanyUsersPanel } from './CompanyUsersPanel.js';
import { addCompanyUser, removeCompanyUser, searchUsers, useCompanyUsers } from './company-users-api.js';
import type { UserRow } from './types.js';
import { UserSearchModal } from './UserSearchModal.js';

/** The panel's row of a company user (the search's role is not part of the company's list). */
const toRow = (user: CompanyUser): UserRow => ({
  userId: user.userId,
  username: user.userName,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  role: '',
});

export interface CompanyUsersProps {
  companyId: string;
  /** Add User and Remove Access: compliance and the client's broker (cart-api refuses anyone else). */
  canManage: boolean;
  /** After a user was added or removed (the admin client page reloads its change log). */
  onChange?(): void;
  /** The panel's heading level under its page's h1 (2) or under a section of it (3, the default). */
  headingLevel?: 2 | 3;
}

/**
 * The company users panel with its calls (specs/2-documents.md §2, specs/3-admin.md "Company users
 * panel"), on the broker's client page and the admin client page alike: the list of
 * `GET company/{companyId}/user`, Add User through the user search, Remove Access after
 * 'Remove {userName}?', each told by its toast.
 */
export function CompanyUsers({ companyId, canManage, onChange, headingLevel = 3 }: CompanyUsersProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { user: me } = useSession();
  const { data: users, mutate } = useCompanyUsers(companyId);
  const [searching, setSearching] = useState(false);
  const [removing, setRemoving] = useState<UserRow>();

  async function add(user: UserRow) {
    setSearching(false);
    try {
      const added = await addCompanyUser(companyId, user.userId);
      notifySuccess(COMPANY_USER_MESSAGES.added(added.userName));
      await mutate();
      onChange?.();
    } catch {
      // told already by the API client
    }
  }

  async function remove(user: UserRow) {
    setRemoving(undefined);
    try {
      await removeCompanyUser(companyId, user.userId);
      notifySuccess(COMPANY_USER_MESSAGES.removed);
      await mutate();
      onChange?.();
    } catch {
      // told already by the API client
    }
  }

  return (
    <section aria-labelledby={`company-users-title-${companyId}`}>
      <Heading id={`company-users-title-${companyId}`} className="h5">
        Company Users
      </Heading>
      {!users ? (
        <LoadingState label="Loading users" />
      ) : (
        <CompanyUsersPanel
          users={users.map(toRow)}
          {...(canManage ? { onAddUser: () => setSearching(true), onRemoveAccess: setRemoving } : {})}
        />
      )}
      {canManage && (
        <>
          <UserSearchModal
            show={searching}
            searchUsers={searchUsers}
            // identity-api answers a broker exact usernames and e-mail addresses only.
            {...(me?.roleGroup === 'broker' ? { types: ['username', 'email'] as const } : {})}
            onSelect={(user) => void add(user)}
            onClose={() => setSearching(false)}
          />
          <ConfirmDialog
            show={removing !== undefined}
            message={removing ? COMPANY_USER_MESSAGES.confirmRemove(removing.username) : ''}
            confirmLabel="Remove"
            confirmVariant="danger"
            onConfirm={() => removing && void remove(removing)}
            onCancel={() => setRemoving(undefined)}
          />
        </>
      )}
    </section>
  );
}
