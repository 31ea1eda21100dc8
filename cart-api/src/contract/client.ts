import { Nullable, Type, Uuid, type Static } from 'service-kit';
import { DocumentStatus } from './epop-document.js';

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
  {
    searchText: Type.String({ maxLength: 200, default: '' }),
    bcn: Type.Optional(
      Type.String({ maxLength: 100, description: 'a Colonial BCN: the client that has it' }),
    ),
  },
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
  notes: Type.String(),
});

/**
 * `GET client/{clientId}`: the client details pages (the broker's and the admin one; specs/3-admin.md
 * §3 "Client"). legalEntityType and stateOfLegalConstruction are also in companyDetail (where the
 * order form's duplicate check reads them).
 */
export const ClientDetails = Type.Object({
  clientId: Uuid(),
  brokerId: Nullable(Type.String({ description: 'the broker who looks after the client (a user id)' })),
  broker: Type.String({ description: "the broker's full name ('' without a broker)" }),
  brokerEmail: Type.String(),
  companyDetail: CompanyDetail,
  legalEntityType: Type.String(),
  stateOfLegalConstruction: Type.String({ description: 'two-letter id' }),
  strategicPartnerId: Nullable(Uuid()),
  strategicPartner: Type.String({ description: "the strategic partner's name ('' without one)" }),
  strategicPartnerAccountId: Type.String({ description: "the client's account id at its partner" }),
  erisaAccount: Type.Boolean(),
});
export type ClientDetails = Static<typeof ClientDetails>;

const text = (maxLength = 200) => Type.String({ maxLength });

/**
 * `POST client/{clientId}`: the admin client page's edit (specs/3-admin.md §2 Clients). The partner
 * and its account id change through `client/{clientId}/partner`, the broker through
 * `DELETE client/{clientId}/broker`: they are not part of this body.
 */
export const ClientBody = Type.Object(
  {
    clientId: Type.Optional(Uuid({ description: 'the client of the path' })),
    companyDetail: Type.Object(
      {
        name: text(),
        phone: text(),
        federalTaxId: text(),
        addressLine1: text(),
        addressLine2: text(),
        city: text(),
        state: text(),
        zipCode: text(),
        notes: text(2000),
      },
      { additionalProperties: false },
    ),
    legalEntityType: text(),
    stateOfLegalConstruction: text(),
    erisaAccount: Type.Boolean(),
  },
  {
    additionalProperties: false,
    examples: [
      {
        companyDetail: {
          name: 'Harbor View Dental LLC',
          phone: '(207) 555-0100',
          federalTaxId: '12-3456789',
          addressLine1: '12 Pier Road',
          addressLine2: '',
          city: 'Portland',
          state: 'ME',
          zipCode: '04101',
          notes: '',
        },
        legalEntityType: 'LLC',
        stateOfLegalConstruction: 'DE',
        erisaAccount: false,
      },
    ],
  },
);
export type ClientBody = Static<typeof ClientBody>;

/** A row of the client's documents (`GET client/{clientId}/document`; specs/3-admin.md §2 Clients). */
export const ClientDocument = Type.Object({
  documentId: Uuid(),
  orderId: Nullable(Uuid({ description: 'the order that paid for it (null: none, e.g. a free document)' })),
  orderNumber: Type.String({ description: "that order's number ('' without one)" }),
  showUserReceipt: Type.Boolean({
    description: 'the order has a receipt to open (/orders/{orderId}/receipt)',
  }),
  name: Type.String({ description: "the document's name ('POP Document')" }),
  currentPlanYearStartDate: Type.String({ format: 'date', description: 'YYYY-MM-DD' }),
  currentPlanYearEndDate: Type.String({ format: 'date', description: 'YYYY-MM-DD' }),
  status: DocumentStatus,
  createdDate: Type.String({ format: 'date-time' }),
  createdBy: Type.String({ description: "who created it (a username; '' when not known)" }),
  // What the documents' actions menu needs (specs/2-documents.md §2, §4), as on 'My POP Documents'.
  isReadOnly: Type.Boolean({ description: 'inactive or being processed: view only' }),
  deactivated: Type.Boolean({ description: 'deactivated by compliance: Reactivate gives its status back' }),
  readyForRenewal: Type.Boolean({
    description: 'Paid, its plan year ends within 90 days (or has ended), and not renewed yet',
  }),
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
export type ClientPartnerBody = Static<typeof ClientPartnerBody>;
export const ClientPartner = Type.Object({
  clientId: Uuid(),
  strategicPartnerId: Nullable(Uuid()),
  accountId: Type.String(),
});
export type ClientPartner = Static<typeof ClientPartner>;
/** specs/3-admin.md §3 "Change log entry". */
export const ChangeLogEntry = Type.Object({
  id: Uuid(),
  changeDate: Type.String({ format: 'date-time' }),
  user: Type.String(),
  description: Type.String(),
});
