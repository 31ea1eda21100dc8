import { boolean, object, string, type InferType } from 'yup';
import { DOCUMENT_MESSAGES } from './document-rules.js';
import { LEGAL_ENTITY_TYPES, US_STATE_IDS } from './lists.js';
import { MASKS } from './masks.js';

/**
 * A company's detail as the back office edits it (specs/3-admin.md §3 "Strategic partner company",
 * "Client"; §5 masks): the name is required; phone, zip code and tax id are optional but, when given,
 * in their masks; the state among the 51 (50 states and DC). The client form and cart-api's
 * `POST client/{clientId}` run the same rules.
 */
const text = (max = 200) => string().trim().max(max).default('');
const optionalMasked = (name: 'phone' | 'zip' | 'taxId') =>
  text().test('mask', MASKS[name].message, (value) => !value || MASKS[name].pattern.test(value));
const optionalState = () => text().oneOf([...US_STATE_IDS, ''], DOCUMENT_MESSAGES.invalidState);

export const companyDetailSchema = object({
  name: text().required(DOCUMENT_MESSAGES.required('Company name')),
  phone: optionalMasked('phone'),
  federalTaxId: optionalMasked('taxId'),
  addressLine1: text(),
  addressLine2: text(),
  city: text(),
  state: optionalState(),
  zipCode: optionalMasked('zip'),
  notes: text(2000),
});
export type CompanyDetailValues = InferType<typeof companyDetailSchema>;

/** The admin client page's editable fields (the partner and account id change through their own call). */
export const clientSchema = object({
  companyDetail: companyDetailSchema.required(),
  legalEntityType: text().oneOf([...LEGAL_ENTITY_TYPES, ''], DOCUMENT_MESSAGES.invalidOption),
  stateOfLegalConstruction: optionalState(),
  erisaAccount: boolean().default(false),
});
export type ClientValues = InferType<typeof clientSchema>;
