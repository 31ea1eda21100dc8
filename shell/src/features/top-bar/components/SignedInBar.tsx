import { NavDropdown } from 'shared-ui/bootstrap';
import { Link } from 'shared-ui/router';
import { RemoteSlot, SlotLoading } from '../../../components/RemoteSlot.js';
import { loadedRemoteComponent } from '../../../lib/federation.js';
import { useSecondaryReady } from '../../../lib/page-shown.js';
import { Bar, BarLinks, FeesLink, PUBLIC_LINKS, type BarLink } from './Bar.js';
import { paths, type SessionUser } from 'shared-ui';

const ADMIN_LINKS: readonly BarLink[] = [
  { to: paths.home(), label: 'Orders', end: true },
  { to: paths.adminClients(), label: 'Clients' },
  { to: paths.strategicPartners(), label: 'Strategic Partners' },
  { to: paths.adminUsers(), label: 'Users' },
  { to: paths.utilities(), label: 'Utilities' },
];

const CART_MENU = 'mf_ordering/CartMenu';

function UserBar({ user }: { user: SessionUser }) {
  // The cart menu's remote loads after the page's content (lib/page-shown.ts), unless it is here already
  // (the home and the sign-in preload it).
  const secondary = useSecondaryReady();
  const cartMenu = secondary || loadedRemoteComponent(CART_MENU) !== undefined;
  return (
    <Bar label="User navigation" user={user}>
      <BarLinks links={PUBLIC_LINKS} />
      <NavDropdown title="Tutorial" id="tutorial-menu">
        <NavDropdown.Item as={Link} to={paths.ndtTutorial()}>
          Non-Discrimination Testing
        </NavDropdown.Item>
      </NavDropdown>
      <FeesLink />
      {cartMenu ? <RemoteSlot id={CART_MENU} props={{ user }} compact /> : <SlotLoading />}
    </Bar>
  );
}

function AdminBar({ user }: { user: SessionUser }) {
  return (
    <Bar label="Admin navigation" user={user}>
      <BarLinks links={ADMIN_LINKS} />
    </Bar>
  );
}

/** The bar of a signed-in broker or employer (User navigation) or of compliance (Admin navigation). */
export function SignedInBar({ user }: { user: SessionUser }) {
  return user.roleGroup === 'compliance' ? <AdminBar user={user} /> : <UserBar user={user} />;
}
