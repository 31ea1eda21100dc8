import { useSession } from 'shared-ui';
import { PageTitle } from '../../../components/PageTitle.js';

/** 'Your Profile' (specs/1-foundation.md §2); editing comes with the accounts issue. */
export function ProfilePage() {
  const { user } = useSession();
  return (
    <>
      <PageTitle>Your Profile</PageTitle>
      {user && (
        <dl className="row">
          <dt className="col-sm-3">First Name</dt>
          <dd className="col-sm-9">{user.firstName}</dd>
          <dt className="col-sm-3">Last Name</dt>
          <dd className="col-sm-9">{user.lastName}</dd>
          <dt className="col-sm-3">Username</dt>
          <dd className="col-sm-9">{user.username}</dd>
          <dt className="col-sm-3">Email Address</dt>
          <dd className="col-sm-9">{user.email}</dd>
        </dl>
      )}
    </>
  );
}
