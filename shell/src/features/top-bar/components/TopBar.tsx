import { useState, type ReactNode } from 'react';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import NavDropdown from 'react-bootstrap/NavDropdown';
import Navbar from 'react-bootstrap/Navbar';
import { Link, NavLink } from 'react-router-dom';
import type { SessionUser } from 'shared-domain';
import { useSession } from 'shared-ui';
import { FeesDialog } from '../../../components/FeesDialog.js';
import { RemoteSlot } from '../../../components/RemoteSlot.js';
import { UserMenu } from './UserMenu.js';

function Bar({ label, children, user }: { label: string; children: ReactNode; user: SessionUser | null }) {
  return (
    <Navbar as="nav" aria-label={label} bg="dark" variant="dark" expand="md" className="mb-4">
      <Container>
        <Navbar.Brand as={Link} to="/">
          POP Documents
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="top-bar-items" />
        <Navbar.Collapse id="top-bar-items">
          <Nav className="me-auto align-items-md-center">{children}</Nav>
          {user && (
            <Nav>
              <UserMenu user={user} />
            </Nav>
          )}
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}

function FeesLink() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Nav.Link as="button" className="btn btn-link" onClick={() => setOpen(true)}>
        Fees
      </Nav.Link>
      <FeesDialog show={open} onClose={() => setOpen(false)} />
    </>
  );
}

interface BarLink {
  to: string;
  label: string;
  /** Active only on this exact path (the home link would otherwise match every page). */
  end?: boolean;
}

/** Home and Overview lead both the guest and the user bar. */
const PUBLIC_LINKS: readonly BarLink[] = [
  { to: '/', label: 'Home', end: true },
  { to: '/about', label: 'Overview' },
];

const ADMIN_LINKS: readonly BarLink[] = [
  { to: '/', label: 'Orders', end: true },
  { to: '/admin/clients', label: 'Clients' },
  { to: '/admin/strategic-partners', label: 'Strategic Partners' },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/utilities', label: 'Utilities' },
];

function BarLinks({ links }: { links: readonly BarLink[] }) {
  return links.map(({ to, label, end }) => (
    <Nav.Link key={to} as={NavLink} to={to} end={end}>
      {label}
    </Nav.Link>
  ));
}

function GuestBar({ user }: { user: SessionUser | null }) {
  return (
    <Bar label="Guest navigation" user={user}>
      <BarLinks links={PUBLIC_LINKS} />
      <FeesLink />
    </Bar>
  );
}

function UserBar({ user }: { user: SessionUser }) {
  return (
    <Bar label="User navigation" user={user}>
      <BarLinks links={PUBLIC_LINKS} />
      <NavDropdown title="Tutorial" id="tutorial-menu">
        <NavDropdown.Item as={Link} to="/tutorials/ndt">
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

/** The three top bars by role group; roles other than compliance, broker and epop get the guest bar. */
export function TopBar() {
  const { user } = useSession();
  if (user?.roleGroup === 'compliance') return <AdminBar user={user} />;
  if (user && (user.roleGroup === 'broker' || user.roleGroup === 'epop')) return <UserBar user={user} />;
  return <GuestBar user={user} />;
}
