import { useState } from 'react';
import { COMPANY_USER_MESSAGES } from 'shared-domain';
import {
  Busy,
  CompanyUsersPanel,
  ConfirmDialog,
  notifySuccess,
  UserSearchModal,
  useSession,
  type CompanyUser,
  type UserRow,
} from 'shared-ui';
import { addCompanyUser } from '../api/add-company-user.js';
import { useCompanyUsers } from '../api/get-company-users.js';
import { removeCompanyUser } from '../api/remove-company-user.js';
import { searchUsers } from '../api/search-users.js';

/** The panel's row of a company user (the search's role is not part of the company's list). */
const toRow = (user: CompanyUser): UserRow => ({
  userId: user.userId,
  username: user.userName,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  role: '',
});

interface ClientUsersProps {
  companyId: string;
  /** Add User and Remove Access: compliance and the client's broker (cart-api refuses anyone else). */
  canManage: boolean;
}

/**
 * The company users panel of the client page (specs/2-documents.md §2): Add User through the user
 * search, Remove Access after 'Remove {userName}?', each told by its toast.
 */
export function ClientUsers({ companyId, canManage }: ClientUsersProps) {
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
    } catch {
      // told already by the API client
    }
  }

  return (
    <section aria-labelledby="company-users-title">
      <h3 id="company-users-title" className="h5">
        Company Users
      </h3>
      {!users ? (
        <Busy label="Loading users" />
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
            confirmVariant="danger"
            onConfirm={() => removing && void remove(removing)}
            onCancel={() => setRemoving(undefined)}
          />
        </>
      )}
    </section>
  );
}
