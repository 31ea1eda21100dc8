import { useState, type ReactNode } from 'react';
import { Col, Nav, Row } from 'shared-ui/bootstrap';
import { NavLink } from 'shared-ui/router';
import { paths, UTILITY_SECTIONS } from 'shared-ui';
import { UTILITY_NAMES, UtilityHeaderSlot } from '../../../components/UtilityHeader.js';

/**
 * /admin/utilities: the section's header (its UtilityHeader, shown above), the menu of the sections
 * beside the section the address selects (its id is the path segment; the promo-code editor belongs
 * to Promo Codes).
 */
export function UtilitiesLayout({ children }: { children: ReactNode }) {
  const [headerSlot, setHeaderSlot] = useState<HTMLElement | null>(null);
  return (
    <section className="py-3">
      <div ref={setHeaderSlot} />
      <UtilityHeaderSlot.Provider value={headerSlot}>
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
      </UtilityHeaderSlot.Provider>
    </section>
  );
}
