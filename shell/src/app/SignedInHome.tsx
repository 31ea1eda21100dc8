import { PageHeader, type SessionUser } from 'shared-ui';
import { RemoteSlot } from '../components/RemoteSlot.js';
import { HomeMessages } from '../features/home-messages/components/HomeMessages.js';
import { Overview } from '../features/overview/components/Overview.js';

/**
 * A broker or employer without documents: the overview in place of My POP Documents (§4 Home
 * content), under the same page heading, so the home is titled alike whatever it holds.
 */
const renderOverview = () => (
  <>
    <PageHeader title="My POP Documents" lead="You have no POP documents yet." />
    <Overview />
  </>
);

/** The role's own home below the home's system messages (every role sees those). */
function RoleHome({ user }: { user: SessionUser }) {
  if (user.roleGroup === 'compliance') return <RemoteSlot id="mf_admin/OrderManagement" props={{ user }} />;
  if (user.roleGroup === 'broker' || user.roleGroup === 'epop') {
    return (
      <div className="d-flex flex-column gap-3">
        <RemoteSlot id="mf_ordering/PurchaseCard" props={{ user }} />
        <RemoteSlot id="mf_ordering/SavedForLaterNotice" props={{ user }} />
        <RemoteSlot id="mf_documents/ActionItems" props={{ user }} />
        <RemoteSlot id="mf_documents/DocumentList" props={{ user, renderEmpty: renderOverview }} />
      </div>
    );
  }
  // Roles outside the three groups have no home of their own.
  return (
    <>
      <PageHeader title="Overview" />
      <Overview />
    </>
  );
}

/** '/' for a signed-in user: the role's home (specs/1-foundation.md §2 Home), loaded after sign-in. */
export function SignedInHome({ user }: { user: SessionUser }) {
  return (
    <>
      <HomeMessages />
      <RoleHome user={user} />
    </>
  );
}
