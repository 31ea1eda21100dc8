import { Col, Row } from 'shared-ui/bootstrap';
import { TextField } from 'shared-ui/forms';

/**
 * First Name and Last Name side by side, as every account form shows them. The field names are the
 * payload's: `firstname`/`lastname` for registration and setup, `firstName`/`lastName` for the profile.
 */
export function NameFields({ first, last, required }: { first: string; last: string; required?: boolean }) {
  return (
    <Row>
      <Col sm={6}>
        <TextField name={first} label="First Name" required={required} autoComplete="given-name" />
      </Col>
      <Col sm={6}>
        <TextField name={last} label="Last Name" required={required} autoComplete="family-name" />
      </Col>
    </Row>
  );
}
