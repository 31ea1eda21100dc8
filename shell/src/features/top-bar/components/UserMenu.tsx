import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import NavDropdown from 'react-bootstrap/NavDropdown';
import { Link } from 'react-router-dom';
import { paths, SUPPORT_PHONE, type SessionUser } from 'shared-ui';

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
          Call customer support at <a href={`tel:${SUPPORT_PHONE}`}>{SUPPORT_PHONE}</a>.
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
