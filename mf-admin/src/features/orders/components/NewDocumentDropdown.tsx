import { Dropdown } from 'shared-ui/bootstrap';
import { Link } from 'shared-ui/router';
import { paths, useStrategicPartners } from 'shared-ui';

/** 'New POP Document': General, then one entry per strategic partner (specs/1-foundation.md §2). */
export function NewDocumentDropdown() {
  const { data: partners = [] } = useStrategicPartners();
  return (
    <Dropdown align="end">
      <Dropdown.Toggle variant="success" id="new-pop-document">
        New POP Document
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Item as={Link} to={paths.newDocument()}>
          General
        </Dropdown.Item>
        {partners.map((partner) => (
          <Dropdown.Item key={partner.companyId} as={Link} to={paths.newDocument(partner.companyId)}>
            {partner.name}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
