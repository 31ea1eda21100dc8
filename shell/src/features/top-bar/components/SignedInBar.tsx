import NavDropdown from 'react-bootstrap/NavDropdown';
import { Link } from 'react-router-dom';
import { RemoteSlot } from '../../../components/RemoteSlot.js';
import { Bar, BarLinks, FeesLink, PUBLIC_LINKS, type BarLink } from './Bar.js';
import { paths, type SessionUser } from 'shared-ui';

const ADMIN_LINKS: readonly BarLink[] = [
  { to: paths.home(), label: 'Orders', end: true },
  { to: paths.adminClients(), label: 'Clients' },
  { to: paths.strategicPartners(), label: 'Strategic Partners' },
  { to: paths.adminUsers(), label: 'Users' },
  { to: paths.utilities(), label: 'Utilities' },
];

function UserBar({ user }: { user: SessionUser }) {
  return (
    <Bar label="User navigation" user={user}>
      <BarLinks links={PUBLIC_LINKS} />
      <NavDropdown title="Tutorial" id="tutorial-menu">
        <NavDropdown.Item as={Link} to={paths.ndtTutorial()}>
          Non-Discrimination Testing
        </NavDropdown.Item>
      </NavDropdown>
      <FeesLink />
      <RemoteSlot id="mf_ordering/CartMenu" props={{ user }} compact />
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
