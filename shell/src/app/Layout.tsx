import { Container } from 'shared-ui/bootstrap';
import { Outlet } from 'shared-ui/router';
import { TopBar } from '../features/top-bar/components/TopBar.js';

export function Layout() {
  return (
    <>
      <TopBar />
      <Container as="main" className="pb-5">
        <Outlet />
      </Container>
    </>
  );
}
