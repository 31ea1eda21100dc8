import { Type, Uuid, type Static } from 'service-kit';

/** The company fields of a partner client (specs/3-admin.md §3 "Strategic partner company"). */
const ClientCompanyDetail = Type.Object({
  name: Type.String(),
  phone: Type.String(),
  federalTaxId: Type.String(),
  addressLine1: Type.String(),
  addressLine2: Type.String(),
  city: Type.String(),
  state: Type.String(),
  zipCode: Type.String(),
  notes: Type.String(),
});

/** specs/3-admin.md §3 "Partner client" (`GET strategic-partner/{companyId}/client`). */
export const PartnerClient = Type.Object({
  clientId: Uuid(),
  name: Type.String(),
  phone: Type.String(),
  strategicPartnerAccountId: Type.String({
    description: "the client's account id at the partner ('' if none)",
  }),
  broker: Type.String({ description: "the broker's full name ('' if none)" }),
  city: Type.String(),
  state: Type.String(),
  address: Type.String({ description: 'address lines 1 and 2, comma-separated' }),
  companyDetail: ClientCompanyDetail,
});
export type PartnerClient = Static<typeof PartnerClient>;

/** specs/3-admin.md §3 "Partner report row" (`GET strategic-partner/{id}/report`). */
export const PartnerReportRow = Type.Object({
  documentId: Uuid(),
  clientCompanyName: Type.String(),
  city: Type.String(),
  state: Type.String(),
  createdDate: Type.String({ description: 'when the document was created (ISO timestamp)' }),
  currentPlanYearStartDate: Type.String({ description: 'YYYY-MM-DD' }),
  price: Type.Number({ description: 'what was paid, in dollars (0 without a purchase)' }),
  paymentMethod: Type.String({ description: "'Credit Card', 'ACH', 'Free' or 'No Purchase'" }),
  newOrRenewal: Type.Union([Type.Literal('New'), Type.Literal('Renewal')]),
});
export type PartnerReportRow = Static<typeof PartnerReportRow>;
