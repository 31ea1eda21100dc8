import { Suspense, useState, type ReactNode } from 'react';
import { Container, Nav, Navbar } from 'shared-ui/bootstrap';
import { Link, NavLink } from 'shared-ui/router';
import { FeesDialog } from '../../../components/FeesDialog.js';
import { paths, type SessionUser } from 'shared-ui';
import { preloadable } from '../../../lib/preloadable.js';

// The user menu (a dropdown with Popper, the contact dialog) loads after sign-in.
const userMenu = preloadable(() =>
  import(/* webpackChunkName: "signed-in-bar" */ './UserMenu.js').then((m) => m.UserMenu),
);
const UserMenu = userMenu.Component;
export const preloadUserMenu = userMenu.preload;

export function Bar({
  label,
  children,
  user,
}: {
  label: string;
  children?: ReactNode;
  user: SessionUser | null;
}) {
  return (
    <Navbar as="nav" aria-label={label} bg="dark" variant="dark" expand="md" className="mb-4">
      <Container>
        <Navbar.Brand as={Link} to={paths.home()}>
          POP Documents
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="top-bar-items" />
        <Navbar.Collapse id="top-bar-items">
          <Nav className="me-auto align-items-md-center">{children}</Nav>
          {user && (
            <Nav>
              <Suspense fallback={null}>
                <UserMenu user={user} />
              </Suspense>
            </Nav>
          )}
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}

export function FeesLink() {
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

export interface BarLink {
  to: string;
  label: string;
  /** Active only on this exact path (the home link would otherwise match every page). */
  end?: boolean;
}

/** Home and Overview lead both the guest and the user bar. */
export const PUBLIC_LINKS: readonly BarLink[] = [
  { to: paths.home(), label: 'Home', end: true },
  { to: paths.about(), label: 'Overview' },
];

export function BarLinks({ links }: { links: readonly BarLink[] }) {
  return links.map(({ to, label, end }) => (
    <Nav.Link key={to} as={NavLink} to={to} end={end}>
      {label}
    </Nav.Link>
  ));
}
