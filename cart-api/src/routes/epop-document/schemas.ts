import type { DocumentListRow as SharedDocumentListRow } from 'shared-domain';
import { Nullable, Page, PagedSearchQuery, Type, UserId, Uuid, type Static } from 'service-kit';
import type { Assert, Same } from '../../lib/contract.js';

const IsoDate = Type.String({ format: 'date', description: 'YYYY-MM-DD' });

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
});

export const DocumentStatus = Type.Union([
  Type.Literal('Paid'),
  Type.Literal('Unpaid'),
  Type.Literal('Inactive'),
  Type.Literal('Processing'),
]);

export const NoPayOption = Type.Object({ code: Type.String(), description: Type.String() });

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
});
export type EpopDocument = Static<typeof EpopDocument>;

/** `GET epop-document/{userId}?page…` or `GET epop-document/{documentId}`: a page of documents, or one. */
export const DocumentPageOrDocument = Type.Union([Page(DocumentListRow), EpopDocument]);

/** The list's paging and search; the specs' single-document call adds `userId` (the viewer). */
export const DocumentQuery = Type.Object(
  {
    ...PagedSearchQuery.properties,
    userId: Type.Optional(UserId({ description: 'single document: the viewing user (the specs pass it)' })),
  },
  { additionalProperties: false },
);

export type _DocumentListRowIsShared = Assert<Same<Static<typeof DocumentListRow>, SharedDocumentListRow>>;
