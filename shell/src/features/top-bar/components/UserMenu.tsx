import { useState } from 'react';
import { Button, Modal, NavDropdown } from 'shared-ui/bootstrap';
import { Link } from 'shared-ui/router';
import { paths, telHref, useSupportContact, type SessionUser } from 'shared-ui';

/** Contact Us: the support phone and e-mail compliance configures (Utilities → App Configuration). */
function SupportContactText() {
  const { phone, email } = useSupportContact();
  if (!phone && !email) return <p className="mb-0">Customer support’s phone and e-mail are not set yet.</p>;
  return (
    <>
      {phone && (
        <p className={email ? undefined : 'mb-0'}>
          Call customer support at <a href={telHref(phone)}>{phone}</a>.
        </p>
      )}
      {email && (
        <p className="mb-0">
          E-mail customer support at <a href={`mailto:${email}`}>{email}</a>.
        </p>
      )}
    </>
  );
}

/** The user menu: toggled by the user's full name (specs/1-foundation.md §2 Top bar). */
export function UserMenu({ user }: { user: SessionUser }) {
  const [contactOpen, setContactOpen] = useState(false);
  return (
    <>
      <NavDropdown title={user.fullName} id="user-menu" align="end">
        <NavDropdown.Item as={Link} to={paths.profile()}>
          My Profile
        </NavDropdown.Item>
        <NavDropdown.Item as="button" onClick={() => setContactOpen(true)}>
          Contact Us
        </NavDropdown.Item>
        <NavDropdown.Divider />
        <NavDropdown.Item as={Link} to={paths.logout()}>
          Logout
        </NavDropdown.Item>
      </NavDropdown>
      <Modal show={contactOpen} onHide={() => setContactOpen(false)} centered aria-labelledby="contact-title">
        <Modal.Header closeButton>
          <Modal.Title id="contact-title">Contact Us</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <SupportContactText />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setContactOpen(false)}>
            Close
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
