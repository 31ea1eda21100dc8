import { Type, Uuid, type Static } from 'service-kit';

/** A test BCN (`GET colonial/bcn`, `POST colonial/bcn`): a billing number whose return-file rows change nothing. */
export const TestBcn = Type.Object({
  bcn: Type.String(),
  addedBy: Type.String(),
  addedDate: Type.String({ description: 'ISO timestamp' }),
});
export type TestBcn = Static<typeof TestBcn>;

/** specs/3-admin.md §3 "Bill-file row". */
export const BillFileRow = Type.Object({
  accountId: Type.String(),
  accountIdSuffix: Type.String(),
  clientCompanyName: Type.String(),
  city: Type.String(),
  state: Type.String(),
  group_id: Type.String(),
  agentId: Type.String(),
  createdDate: Type.String({ description: 'when the document was created (ISO timestamp)' }),
  currentPlanYearStartDate: Type.String({ description: 'YYYY-MM-DD' }),
  transCode: Type.Union([Type.Literal('A'), Type.Literal('R'), Type.Literal('C')], {
    description: 'A new enrolment, R renewal, C cancelled by a no-pay reason (README)',
  }),
});
export type BillFileRow = Static<typeof BillFileRow>;

/** A processed row of a return file (`GET colonial/return-file/{jobId}`; specs/3-admin.md §3). */
export const ReturnRow = Type.Object({
  bcnVendor: Type.String(),
  bcn: Type.String(),
  qualifyDate: Type.Union([Type.String({ description: 'YYYY-MM-DD, or the text as written' }), Type.Null()]),
  noPay: Type.String(),
  result: Type.String(),
  success: Type.Boolean(),
  clientId: Type.Union([Uuid(), Type.Null()]),
});
export type ReturnRow = Static<typeof ReturnRow>;

/** `GET colonial/return-file/{jobId}` while its job runs (202). */
export const ReturnFileProgress = Type.Object({
  status: Type.Union([Type.Literal('pending'), Type.Literal('running')]),
  processed: Type.Integer({ description: 'rows processed so far' }),
  message: Type.String(),
});
export type ReturnFileProgress = Static<typeof ReturnFileProgress>;
