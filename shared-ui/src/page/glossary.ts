/**
 * One spelling per term on every screen (labels, headings, table columns), after the specs' own where
 * they capitalise one: a label says `TERMS.federalTaxId`, never its own 'Federal Tax Id'.
 */
export const TERMS = {
  federalTaxId: 'Federal Tax ID',
  email: 'Email Address',
  companyName: 'Company Name',
  clientCompanyName: 'Client Company Name',
  zipCode: 'Zip Code',
  planYear: 'Plan Year',
  planDates: 'Plan Dates',
  orderNo: 'Order No.',
  strategicPartner: 'Strategic Partner',
  legalEntityType: 'Legal Entity Type',
  stateOfLegalConstruction: 'State of Legal Construction',
  ndt: 'Non-discrimination Testing',
} as const;

export type Term = keyof typeof TERMS;
