import type { ClientDetails } from 'shared-ui';

/**
 * Step 1's company fields as an existing client has them: what the form takes when a document joins
 * that client (the duplicate tax id's Continue, compliance's choice of client). Field by field, so
 * whatever else was typed stays.
 */
export function clientCompanyFields(client: Pick<ClientDetails, 'companyDetail'>): Record<string, string> {
  const company = client.companyDetail;
  return {
    clientCompanyName: company.name,
    federalTaxId: company.federalTaxId,
    phone: company.phone,
    addressLine1: company.addressLine1,
    addressLine2: company.addressLine2,
    city: company.city,
    state: company.state,
    zipCode: company.zipCode,
    legalEntityType: company.legalEntityType,
    stateOfLegalConstruction: company.stateOfLegalConstruction,
  };
}
