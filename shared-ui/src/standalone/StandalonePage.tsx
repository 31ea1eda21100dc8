import type { ReactNode } from 'react';
import { Button, Card, Container, Navbar, Spinner } from '../bootstrap.js';
import { BrowserRouter } from 'shared-ui/router';
import { AppProviders } from '../components/AppProviders.js';
import { SignInForm } from '../session/SignInForm.js';
import { useSession } from '../session/session.js';

function Gate({ title, children }: { title: string; children: ReactNode }) {
  const { status, user, signOut } = useSession();
  if (status === 'loading') {
    return (
      <div className="d-flex justify-content-center p-5">
        <Spinner animation="border" role="status" aria-label="Loading" />
      </div>
    );
  }
  if (!user) {
    return (
      <Container className="py-5" style={{ maxWidth: '28rem' }}>
        <Card>
          <Card.Body>
            <h1 className="h4 mb-3">{title}</h1>
            <SignInForm />
          </Card.Body>
        </Card>
      </Container>
    );
  }
  return (
    <>
      <Navbar bg="dark" variant="dark" className="px-3 mb-3">
        <Navbar.Brand>{title} (standalone)</Navbar.Brand>
        <Navbar.Text className="ms-auto me-3">{user.fullName}</Navbar.Text>
        <Button size="sm" variant="outline-light" onClick={() => void signOut()}>
          Logout
        </Button>
      </Navbar>
      <Container>{children}</Container>
    </>
  );
}

/**
 * A remote's standalone page: the providers, a router and a plain sign-in form for guests, around
 * whatever the remote renders (usually its App). Lets a remote be developed without the shell.
 */
export function StandalonePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AppProviders>
      <BrowserRouter>
        <Gate title={title}>{children}</Gate>
      </BrowserRouter>
    </AppProviders>
  );
}
