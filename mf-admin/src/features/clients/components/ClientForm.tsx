import { Col } from 'shared-ui/bootstrap';
import { clientSchema } from 'shared-domain/forms';
import { TERMS, type ClientDetails } from 'shared-ui';
import { LegalEntitySelect, StateSelect, YesNoField } from 'shared-ui/forms';
import { CompanyDetailFields } from '../../../components/CompanyDetailFields.js';
import { EditForm } from '../../../components/EditForm.js';
import type { ClientPayload } from '../api/save-client.js';

/** The edit mode's values: exactly what `POST client/{clientId}` takes. */
export type ClientFormValues = ClientPayload;

/** The client as loaded (the cached copy Cancel goes back to), as the form's values. */
export function formValuesOf(client: ClientDetails): ClientFormValues {
  const detail = client.companyDetail;
  return {
    companyDetail: {
      name: detail.name,
      phone: detail.phone,
      federalTaxId: detail.federalTaxId,
      addressLine1: detail.addressLine1,
      addressLine2: detail.addressLine2,
      city: detail.city,
      state: detail.state,
      zipCode: detail.zipCode,
      notes: detail.notes,
    },
    legalEntityType: client.legalEntityType,
    stateOfLegalConstruction: client.stateOfLegalConstruction,
    erisaAccount: client.erisaAccount,
  };
}

interface ClientFormProps {
  client: ClientDetails;
  onSave(values: ClientFormValues): Promise<void>;
  onCancel(): void;
}

/**
 * The client page's edit mode (specs/3-admin.md §2, §4, §5): the company detail with its masks, the
 * legal entity, the state of legal construction and ERISA. The rules are shared-domain's
 * `clientSchema`, which cart-api runs too. The partner, account id and broker are not edited here.
 */
export function ClientForm({ client, onSave, onCancel }: ClientFormProps) {
  return (
    <EditForm
      label="Edit client"
      initialValues={formValuesOf(client)}
      validationSchema={clientSchema}
      onSave={onSave}
      onCancel={onCancel}
    >
      <CompanyDetailFields
        prefix="companyDetail."
        nameLabel={TERMS.companyName}
        besidePhone={
          <>
            <Col md={4}>
              <LegalEntitySelect name="legalEntityType" label={TERMS.legalEntityType} />
            </Col>
            <Col md={4}>
              <StateSelect name="stateOfLegalConstruction" label={TERMS.stateOfLegalConstruction} />
            </Col>
          </>
        }
      >
        <YesNoField name="erisaAccount" label="ERISA Account" />
      </CompanyDetailFields>
    </EditForm>
  );
}
