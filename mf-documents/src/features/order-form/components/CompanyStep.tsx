import { Col, Row } from 'shared-ui/bootstrap';
import {
  LegalEntitySelect,
  MaskedField,
  StateSelect,
  TextField,
  useFormikContext,
  YesNoField,
} from 'shared-ui/forms';
import type { FormValues } from '../model.js';
import { FORMAT_HELP, TERM_HELP } from './help-texts.js';
import type { StepProps } from './step-props.js';

/** Step 1 - Company Information (specs/2-documents.md §2, required fields §5). */
export function CompanyStep({ document, editable }: StepProps) {
  const { values } = useFormikContext<FormValues>();
  const identifiers = document.partner?.customIdentifiers ?? {};
  const accountId = identifiers['account-id'];
  const accountIdSuffix = identifiers['account-id-suffix'];
  return (
    <>
      <h3 className="h5">Recipients</h3>
      <Row>
        <Col md={4}>
          <TextField name="primaryEmail" label="Primary E-mail" type="email" required />
        </Col>
        <Col md={4}>
          <TextField name="alternateEmail1" label="Alternate E-mail 1" type="email" />
        </Col>
        <Col md={4}>
          <TextField name="alternateEmail2" label="Alternate E-mail 2" type="email" />
        </Col>
      </Row>
      {(accountId || accountIdSuffix) && (
        <Row>
          {accountId && (
            <Col md={6}>
              <TextField
                name="accountId"
                label={accountId.label}
                help={accountId.helpText || undefined}
                readOnly={!editable.accountId}
              />
            </Col>
          )}
          {accountIdSuffix && (
            <Col md={6}>
              <TextField
                name="accountIdSuffix"
                label={accountIdSuffix.label}
                help={accountIdSuffix.helpText || undefined}
                readOnly={!editable.accountId}
              />
            </Col>
          )}
        </Row>
      )}
      <h3 className="h5">Company</h3>
      <Row>
        <Col md={4}>
          <MaskedField
            name="federalTaxId"
            label="Federal Tax ID"
            mask="taxId"
            required
            help={FORMAT_HELP.federalTaxId}
          />
        </Col>
        <Col md={8}>
          <TextField
            name="clientCompanyName"
            label="Company Name"
            required
            readOnly={editable.adoptedClient}
          />
        </Col>
      </Row>
      {!editable.adoptedClient && (
        <>
          <Row>
            <Col md={4}>
              <MaskedField name="phone" label="Phone" mask="phone" required help={FORMAT_HELP.phone} />
            </Col>
            <Col md={8}>
              <TextField name="addressLine1" label="Address Line 1" required />
            </Col>
          </Row>
          <Row>
            <Col md={4}>
              <TextField name="addressLine2" label="Address Line 2" />
            </Col>
            <Col md={3}>
              <TextField name="city" label="City" required />
            </Col>
            <Col md={3}>
              <StateSelect name="state" label="State" required exclude={document.partner?.excludedStates} />
            </Col>
            <Col md={2}>
              <MaskedField name="zipCode" label="Zip Code" mask="zip" required help={FORMAT_HELP.zipCode} />
            </Col>
          </Row>
          <Row>
            <Col md={6}>
              <StateSelect
                name="stateOfLegalConstruction"
                label="State of Legal Construction"
                required
                help={FORMAT_HELP.stateOfLegalConstruction}
              />
            </Col>
            <Col md={6}>
              <LegalEntitySelect name="legalEntityType" label="Legal Entity Type" required />
            </Col>
          </Row>
        </>
      )}
      <h3 className="h5">Contacts</h3>
      <Row>
        <Col md={6}>
          <TextField name="benefitsContact" label="Benefits Contact" required />
        </Col>
        <Col md={6}>
          <TextField name="benefitContactEmail" label="Benefits Contact E-mail" type="email" required />
        </Col>
      </Row>
      <Row>
        <Col md={6}>
          <TextField name="additionalContactEmail1" label="Additional Contact E-mail 1" type="email" />
        </Col>
        <Col md={6}>
          <TextField name="additionalContactEmail2" label="Additional Contact E-mail 2" type="email" />
        </Col>
      </Row>
      <h3 className="h5">ERISA</h3>
      <YesNoField
        name="isERISA"
        label="Is the plan subject to ERISA (the employer is not exempt)?"
        required
        help={TERM_HELP.erisa}
      />
      {values.isERISA === true && (
        <TextField name="erisaPlanNumber" label="ERISA Plan Number" help={FORMAT_HELP.erisaPlanNumber} />
      )}
      {document.partner?.colonial && (
        <TextField name="agentNumber" label="Agent Number" required readOnly={!editable.agentNumber} />
      )}
    </>
  );
}
