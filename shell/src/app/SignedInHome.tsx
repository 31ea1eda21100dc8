import { PageHeader, type SessionUser } from 'shared-ui';
import { RemoteSlot } from '../components/RemoteSlot.js';
import { HomeMessages } from '../features/home-messages/components/HomeMessages.js';
import { Overview } from '../features/overview/components/Overview.js';
import { homeSlots } from './home-slots.js';

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

/** What a slot of the home gets besides the user. */
const SLOT_PROPS: Record<string, object> = { 'mf_documents/DocumentList': { renderEmpty: renderOverview } };

/** The role's own home below the home's system messages (every role sees those). */
function RoleHome({ user }: { user: SessionUser }) {
  const slots = homeSlots(user);
  if (slots.length === 1) return <RemoteSlot id={slots[0]!} props={{ user }} />;
  if (slots.length > 1) {
    return (
      <div className="d-flex flex-column gap-3">
        {slots.map((id) => (
          <RemoteSlot key={id} id={id} props={{ user, ...SLOT_PROPS[id] }} />
        ))}
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
