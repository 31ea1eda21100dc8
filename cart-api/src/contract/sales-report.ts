import { Nullable, Type, type Static } from 'service-kit';

/**
 * `GET sales-report/epop?from&to&excludeColonial` (specs/3-admin.md §7 Reports). The days are given
 * as the screen shows them, MM/DD/YYYY, or as ISO YYYY-MM-DD; both inclusive, in the product's time zone.
 */
export const WeeklyReportQuery = Type.Object(
  {
    from: Type.String({
      maxLength: 10,
      description: 'first day, MM/DD/YYYY or YYYY-MM-DD',
      examples: ['06/02/2025'],
    }),
    to: Type.String({
      maxLength: 10,
      description: 'last day (inclusive), MM/DD/YYYY or YYYY-MM-DD',
      examples: ['06/08/2025'],
    }),
    excludeColonial: Type.Optional(
      Type.Boolean({ description: "true: leaves out the documents of Colonial's strategic partners" }),
    ),
  },
  { additionalProperties: false },
);
export type WeeklyReportQuery = Static<typeof WeeklyReportQuery>;

/** A weekly report row (specs/3-admin.md §3): one sold item of an order. */
export const WeeklyReportRow = Type.Object({
  companyName: Type.String({ description: "the client company's name" }),
  state: Type.String({ description: "the client company's state ('' when unknown)" }),
  orderDate: Type.String({ description: 'when the order was placed, ISO timestamp' }),
  planStartDate: Nullable(Type.String({ description: 'plan year start, YYYY-MM-DD' })),
  planEndDate: Nullable(Type.String({ description: 'plan year end, YYYY-MM-DD' })),
  paymentMethod: Type.String(),
  transactionId: Type.String(),
  price: Type.Number({ description: 'what was paid for the item, dollars' }),
  commissioned: Type.Boolean({
    description: "bought by a broker: the broker's price includes the commission",
  }),
  broker: Type.String({ description: "the broker who bought it ('' when an employer did)" }),
  createdBy: Type.String({ description: 'who placed the order' }),
});
export type WeeklyReportRow = Static<typeof WeeklyReportRow>;
