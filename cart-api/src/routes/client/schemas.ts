import { Nullable, Type, Uuid, type Static } from 'service-kit';
import { DocumentStatus } from '../epop-document/schemas.js';

/** A row of the admin client search and of 'Recently Viewed'. */
export const ClientSearchRow = Type.Object({
  clientId: Uuid(),
  name: Type.String(),
  address: Type.String(),
  city: Type.String(),
  state: Type.String(),
});
export type ClientSearchRow = Static<typeof ClientSearchRow>;

export const ClientSearchQuery = Type.Object(
  { searchText: Type.String({ maxLength: 200, default: '' }) },
  { additionalProperties: false },
);

/** `client/{clientId}`: a company of kind client. */
export const ClientIdParams = Type.Object({ clientId: Uuid() }, { additionalProperties: false });

/** The client's company fields (specs/2-documents.md §3 "Client"); '' where nothing is recorded. */
export const CompanyDetail = Type.Object({
  name: Type.String(),
  addressLine1: Type.String(),
  addressLine2: Type.String(),
  city: Type.String(),
  state: Type.String({ description: 'two-letter id' }),
  zipCode: Type.String(),
  phone: Type.String(),
  federalTaxId: Type.String(),
  legalEntityType: Type.String(),
  stateOfLegalConstruction: Type.String({ description: 'two-letter id' }),
});

/** `GET client/{clientId}`: the client details page. */
export const ClientDetails = Type.Object({
  clientId: Uuid(),
  brokerId: Nullable(Type.String({ description: 'the broker who looks after the client (a user id)' })),
  companyDetail: CompanyDetail,
});
export type ClientDetails = Static<typeof ClientDetails>;

/** A row of the client's documents (`GET client/{clientId}/document`). */
export const ClientDocument = Type.Object({
  documentId: Uuid(),
  name: Type.String({ description: "the document's name ('POP Document')" }),
  currentPlanYearStartDate: Type.String({ format: 'date', description: 'YYYY-MM-DD' }),
  currentPlanYearEndDate: Type.String({ format: 'date', description: 'YYYY-MM-DD' }),
  status: DocumentStatus,
  createdDate: Type.String({ format: 'date-time' }),
});
export type ClientDocument = Static<typeof ClientDocument>;

/** `client/duplicate-check/{taxIdWithoutDash}`: nine digits, no dash. */
export const TaxIdParams = Type.Object(
  {
    taxIdWithoutDash: Type.String({
      pattern: '^[0-9]{9}$',
      maxLength: 9,
      description: 'nine digits, no dash',
    }),
  },
  { additionalProperties: false },
);

export const DuplicateCheckQuery = Type.Object(
  {
    onError: Type.Optional(
      Type.Literal('no-content', { description: 'no match: 204 instead of 404 (the order form asks so)' }),
    ),
  },
  { additionalProperties: false },
);

/** `POST client/{clientId}/partner` ('Update Client Level'). */
export const ClientPartnerBody = Type.Object(
  {
    clientId: Type.Optional(Uuid({ description: 'the client of the path (the specs send it)' })),
    accountId: Type.Optional(Type.String({ maxLength: 200 })),
    strategicPartnerId: Nullable(Uuid()),
  },
  { additionalProperties: false, examples: [{ accountId: '', strategicPartnerId: null }] },
);
export const ClientPartner = Type.Object({
  clientId: Uuid(),
  strategicPartnerId: Nullable(Uuid()),
  accountId: Type.String(),
});
/** specs/3-admin.md §3 "Change log entry". */
export const ChangeLogEntry = Type.Object({
  id: Uuid(),
  changeDate: Type.String({ format: 'date-time' }),
  user: Type.String(),
  description: Type.String(),
});
