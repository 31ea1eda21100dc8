import type { ReactNode } from 'react';
import { Col } from 'react-bootstrap';
import Nav from 'react-bootstrap/Nav';
import Row from 'react-bootstrap/Row';
import { NavLink, useLocation } from 'react-router-dom';
import { paths, UTILITY_SECTIONS, useDocumentTitle, type UtilitySection } from 'shared-ui';

/** The menu's names of the utilities (specs/3-admin.md §2 Utilities). */
export const UTILITY_NAMES: Record<UtilitySection, string> = {
  'promo-code': 'Promo Codes',
  'colonial-bill-file': 'Colonial Bill File',
  'return-file-upload': 'Return File Upload',
  'strategic-partner-report': 'Strategic Partner Report',
  'weekly-order-report': 'Weekly Order Report',
  bcn: 'Test Billing Numbers (BCN)',
  'system-messages': 'System Messages',
  'app-config': 'App Configuration',
  'refresh-token': 'Token Refresh',
};

/**
 * /admin/utilities: the menu of the sections beside the section the address selects (its id is the
 * path segment; the promo-code editor belongs to Promo Codes).
 */
export function UtilitiesLayout({ children }: { children: ReactNode }) {
  // Each section is a page of its own to the browser: 'System Messages - Utilities - POP Documents'.
  const { pathname } = useLocation();
  const section = UTILITY_SECTIONS.find((id) => pathname.startsWith(paths.utilities(id)));
  useDocumentTitle(section ? `${UTILITY_NAMES[section]} - Utilities` : 'Utilities');
  return (
    <section className="py-3">
      <h1>Utilities</h1>
      <Row>
        <Col md={3} lg={2} as="nav" aria-label="Utilities" className="mb-3">
          <Nav variant="pills" className="flex-column">
            {UTILITY_SECTIONS.map((section) => (
              <Nav.Link key={section} as={NavLink} to={paths.utilities(section)}>
                {UTILITY_NAMES[section]}
              </Nav.Link>
            ))}
          </Nav>
        </Col>
        <Col md={9} lg={10}>
          {children}
        </Col>
      </Row>
    </section>
  );
}
