import { BENEFIT_FLAGS, type DocumentFormValues } from 'shared-domain/forms';
import { Nullable, Page, PagedSearchQuery, Type, UserId, Uuid, type Static } from 'service-kit';
import type { Assert, Same } from '../lib/contract.js';
import { CustomIdentifier, NoPayOption, PartnerFormSettings } from './strategic-partner-settings.js';

const IsoDate = Type.String({ format: 'date', description: 'YYYY-MM-DD' });

export const DocumentStatus = Type.Union([
  Type.Literal('Paid'),
  Type.Literal('Unpaid'),
  Type.Literal('Inactive'),
  Type.Literal('Processing'),
]);

/** A row of 'My POP Documents'. */
export const DocumentListRow = Type.Object({
  documentId: Uuid(),
  orderId: Nullable(Uuid()),
  orderNumber: Nullable(Type.String()),
  name: Type.String({ description: 'the client company name' }),
  clientId: Uuid(),
  startDate: IsoDate,
  endDate: IsoDate,
  createdDate: Type.String({ format: 'date-time' }),
  showUserReceipt: Type.Boolean(),
  status: DocumentStatus,
  isReadOnly: Type.Boolean({ description: 'inactive or being processed: view only' }),
  deactivated: Type.Boolean({ description: 'deactivated by compliance: Reactivate gives its status back' }),
  readyForRenewal: Type.Boolean({
    description: 'Paid, its plan year ends within 90 days (or has ended), and not renewed yet',
  }),
});
export type DocumentListRow = Static<typeof DocumentListRow>;

/** 'My POP Documents': a page of rows. */
export const DocumentPage = Page(DocumentListRow);
export type DocumentPage = Static<typeof DocumentPage>;

/**
 * `GET epop-document/{documentId}`: the document as the table holds it, its order-form fields
 * (`form`, the JSON the order form saved) and `colonial.noPayOptions` (empty until the back office
 * manages the reasons).
 */
export const EpopDocument = Type.Object({
  documentId: Uuid(),
  clientId: Uuid(),
  name: Type.String(),
  currentPlanYearStartDate: IsoDate,
  currentPlanYearEndDate: IsoDate,
  status: DocumentStatus,
  form: Type.Record(Type.String(), Type.Unknown(), { description: "the order form's fields" }),
  colonial: Type.Object({ noPayOptions: Type.Array(NoPayOption) }),
  createdDate: Type.String({ format: 'date-time' }),
  strategicPartnerId: Nullable(Uuid()),
  partner: Nullable(PartnerFormSettings),
  brokerId: Nullable(Type.String({ description: "the broker of the document's client, when it has one" })),
  isReadOnly: Type.Boolean({
    description: 'inactive or being processed: it can be viewed, not edited or tested',
  }),
  requiresPurchase: Type.Boolean({ description: 'Unpaid: it is bought through the cart or an invite' }),
  originalDocumentId: Nullable(Uuid({ description: 'the document it renews' })),
  readyForRenewal: Type.Boolean({
    description: 'Paid, its plan year ends within 90 days (or has ended), and not renewed yet',
  }),
  hasReceipt: Type.Boolean({ description: 'a paid order with a receipt covers it' }),
  orderId: Nullable(Uuid({ description: 'its latest order' })),
  inviteActionItemId: Nullable(
    Uuid({
      description: 'the open invitation to purchase it (Unpaid): its assigned broker updates it there',
    }),
  ),
  deactivated: Type.Boolean({ description: 'deactivated by compliance: Reactivate gives its status back' }),
  notes: Nullable(Type.String({ description: "compliance's note; null for everyone else" })),
  retroactiveReason: Type.Optional(
    Nullable(
      Type.Object(
        {
          reason: Type.String(),
          by: Type.String({ description: "the compliance user's name" }),
          at: Type.String({ description: 'when, an ISO instant' }),
        },
        {
          description:
            "compliance's reason for a plan year or amendment that starts before the day the document was ordered; null when there is none, and for everyone but compliance",
        },
      ),
    ),
  ),
});
export type EpopDocument = Static<typeof EpopDocument>;

/**
 * A document the order form opens that is not stored yet: blank (`GET epop/document/new/{userId}`)
 * or the next plan year's renewal (`GET epop-document/{documentId}/renew/{userId}`). The form's
 * fields, the partner it is sold through (with what the partner changes on the form) and what
 * saving it needs: `requiresPurchase` (it goes through the cart or an invite) unless the partner
 * bypasses the cart or compliance creates it free.
 */
export const DocumentDraft = Type.Object({
  documentId: Type.Null({ description: 'not stored yet' }),
  form: Type.Record(Type.String(), Type.Unknown(), { description: "the order form's fields" }),
  clientId: Nullable(Uuid({ description: 'the client it is for, when known (a renewal)' })),
  strategicPartnerId: Nullable(Uuid()),
  originalDocumentId: Nullable(Uuid({ description: 'the document it renews' })),
  partner: Nullable(PartnerFormSettings),
  requiresPurchase: Type.Boolean(),
});
export type DocumentDraft = Static<typeof DocumentDraft>;

/** `GET epop-document/{userId}?page…` or `GET epop-document/{documentId}`: a page of documents, or one. */
export const DocumentPageOrDocument = Type.Union([DocumentPage, EpopDocument]);

/** The list's paging and search; the specs' single-document call adds `userId` (the viewer). */
export const DocumentQuery = Type.Object(
  {
    ...PagedSearchQuery.properties,
    userId: Type.Optional(UserId({ description: 'single document: the viewing user (the specs pass it)' })),
  },
  { additionalProperties: false },
);

const Text = Type.String({ maxLength: 200 });
const DateText = Type.String({ maxLength: 10, description: 'YYYY-MM-DD, or empty' });
const Count = Nullable(Type.Integer({ minimum: 0, maximum: 999_999_999 }));
const Flag = Type.Boolean();
const Answer = Nullable(Type.Boolean({ description: 'yes, no, or not answered (null)' }));

/**
 * The order form's fields (specs/2-documents.md §2–§3), structurally: types and lengths. Which are
 * required, the masks, the option lists and the plan-year rules are shared-domain's `documentSchema`,
 * which the route runs next (the same rules the form runs), so its messages are the form's.
 */
const FORM_FIELDS = {
  primaryEmail: Text,
  alternateEmail1: Text,
  alternateEmail2: Text,
  accountId: Text,
  accountIdSuffix: Text,
  federalTaxId: Text,
  clientCompanyName: Text,
  phone: Text,
  addressLine1: Text,
  addressLine2: Text,
  city: Text,
  state: Text,
  zipCode: Text,
  benefitsContact: Text,
  benefitContactEmail: Text,
  additionalContactEmail1: Text,
  additionalContactEmail2: Text,
  stateOfLegalConstruction: Text,
  legalEntityType: Text,
  isERISA: Answer,
  erisaPlanNumber: Text,
  agentNumber: Text,
  groupId: Text,
  amendmentToOriginal: Flag,
  originalEffectiveDate: DateText,
  amendmentEffectiveDate: DateText,
  currentPlanYearStartDate: DateText,
  currentPlanYearEndDate: DateText,
  shortPlanYear: Flag,
  totalNumAtStartPlanYear: Count,
  totalNumBenefitEligible: Count,
  requiredWaitingPeriod: Text,
  requiredWorkingHoursPerWeek: Text,
  requiredWorkingMonthsPerYear: Text,
  dateOfEligibility: Text,
  otherDateOfEligibility: DateText,
  unionEmployeesEligible: Flag,
  seasonalEmployeesEligible: Flag,
  seasonalWorksLessThanWeeks: Count,
  noticeTimeFrame: Count,
  ...(Object.fromEntries(BENEFIT_FLAGS.map((name) => [name, Flag])) as Record<
    (typeof BENEFIT_FLAGS)[number],
    typeof Flag
  >),
  otherBenefitsOffered: Text,
  allowHSAContributions: Answer,
  hsaAmendmentEffectiveDate: DateText,
  negativeEnrollment: Flag,
  evergreenRollingEnrollment: Flag,
  affiliates: Flag,
};

/**
 * `POST epop-document/{userId}` (create a free document for that user) and `POST
 * epop-document/{documentId}` (save a document's changes): the form's fields, and the records it is
 * tied to. Unknown fields are refused.
 */
/** An order form that passes the rules: the OpenAPI document's example of a body. */
export const DOCUMENT_EXAMPLE = {
  primaryEmail: 'owner@example.com',
  federalTaxId: '12-3456789',
  clientCompanyName: 'Orchard Dental Group',
  phone: '(555) 555-0100',
  addressLine1: '1 Main Street',
  city: 'Austin',
  state: 'TX',
  zipCode: '73301',
  benefitsContact: 'Pat Doe',
  benefitContactEmail: 'pat@example.com',
  stateOfLegalConstruction: 'TX',
  legalEntityType: 'LLC',
  isERISA: true,
  currentPlanYearStartDate: '2027-01-01',
  currentPlanYearEndDate: '2027-12-31',
  totalNumAtStartPlanYear: 25,
  totalNumBenefitEligible: 20,
  requiredWaitingPeriod: '30 days',
  healthInsurance: true,
  allowHSAContributions: false,
} as const;

export const DocumentBody = Type.Partial(
  Type.Object({
    ...FORM_FIELDS,
    strategicPartnerId: Nullable(Uuid({ description: 'the strategic partner it is sold through' })),
    clientId: Nullable(Uuid({ description: 'an existing client company (create only)' })),
    originalDocumentId: Nullable(Uuid({ description: 'the document it renews or copies (compliance only)' })),
    retroactiveReason: Type.String({
      minLength: 1,
      maxLength: 500,
      pattern: '\\S',
      description:
        'compliance only, not on a cart item: why the plan year or the amendment of a new document may start before today (recorded with it); other callers are refused',
    }),
  }),
  { additionalProperties: false, examples: [DOCUMENT_EXAMPLE] },
);
export type DocumentBody = Static<typeof DocumentBody>;

export type _DocumentFieldsAreTheFormRules = Assert<Same<keyof typeof FORM_FIELDS, keyof DocumentFormValues>>;

/** Why a user sees a document (README "User links"). */
const DocumentAccess = Type.Union([
  Type.Literal('owner'),
  Type.Literal('broker'),
  Type.Literal('company user'),
]);

/** A user who sees a document (specs/3-admin.md §3 "User", and why). */
export const DocumentUser = Type.Object({
  userId: Type.String(),
  userName: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  role: Type.String({ description: "the effective role ('' for none)" }),
  access: Type.Array(DocumentAccess, {
    description:
      "owner: it is on their dashboard; broker: their client's; company user: linked to its client. Users linked to these (user links) see it too",
  }),
});
export type DocumentUser = Static<typeof DocumentUser>;

/**
 * What the admin document page loads when compliance chooses a partner (specs/2-documents.md §4
 * "Admin partner change"): the account id fields with the partner's labels and the Colonial block,
 * filled from the document when it is already that partner's, else from its client's account there.
 */
export const DocumentPartnerSettings = Type.Object({
  strategicPartnerId: Uuid(),
  name: Type.String(),
  accountId: Type.String(),
  accountIdSuffix: Type.String(),
  customIdentifiers: Type.Object({
    'account-id': Type.Optional(CustomIdentifier),
    'account-id-suffix': Type.Optional(CustomIdentifier),
  }),
  colonial: Nullable(
    Type.Object({
      agentId: Type.String(),
      groupId: Type.String(),
      noPayOptions: Type.Array(NoPayOption),
      defaultNoPay: Type.String(),
    }),
  ),
});
export type DocumentPartnerSettings = Static<typeof DocumentPartnerSettings>;
