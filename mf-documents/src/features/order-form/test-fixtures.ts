// Answers of the API for the order form's tests (never imported by the app).
import { blankDocumentForm } from 'shared-domain/forms';
import type { DocumentDraft, EpopDocument, Product } from 'shared-ui';
import { PAID_DOCUMENT } from 'shared-ui/testing';

export const PRODUCT: Product = {
  productId: 'p-1',
  name: 'POP Document',
  code: 'epop',
  price: 300,
  basePrice: 225,
  attributes: [
    {
      id: 'a-1',
      name: 'Commission',
      values: [{ attributeValueId: 'v-1', display: 'Commission included', priceAdjustment: 75 }],
    },
  ],
  selectedAttributes: ['v-1'],
};

export const DRAFT: DocumentDraft = {
  documentId: null,
  form: blankDocumentForm(),
  clientId: null,
  strategicPartnerId: null,
  originalDocumentId: null,
  partner: null,
  requiresPurchase: true,
};

export const DOCUMENT: EpopDocument = {
  ...PAID_DOCUMENT,
  form: { clientCompanyName: 'Acme Landscaping Inc', isERISA: true, allowHSAContributions: false },
  notes: null,
};

/** The stubs the order form reads, for `stubFetch`. */
export const ORDER_FORM_STUBS = {
  'GET /epop/document/new/{userId}': { body: DRAFT },
  'GET /product/epop/{userId}': { body: PRODUCT },
  'GET /epop-document/{id}': { body: DOCUMENT },
} as const;

/** Every answer of step 1 given (step 2 and 3 left as the blank form has them). */
export const companyStepAnswers = () => ({
  ...blankDocumentForm(),
  primaryEmail: 'owner@acme.test',
  federalTaxId: '12-3456789',
  clientCompanyName: 'Acme Landscaping Inc',
  phone: '(555) 555-0100',
  addressLine1: '1 Main Street',
  city: 'Austin',
  state: 'TX',
  zipCode: '73301',
  benefitsContact: 'Pat Doe',
  benefitContactEmail: 'pat@acme.test',
  stateOfLegalConstruction: 'TX',
  legalEntityType: 'LLC',
  isERISA: false,
});
