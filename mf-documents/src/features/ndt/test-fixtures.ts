// Answers of the API for the NDT page's tests (never imported by the app).
import { evaluateNdt, validateNdtInput } from 'shared-domain';
import type { AppConfig, EpopDocument } from 'shared-ui';
import type { RecordedCall, StubAnswer } from 'shared-ui/testing';
import type { StoredNdtResult } from './api/get-ndt-result.js';
import { PAID_DOCUMENT } from '../../components/test-fixtures.js';

/** A plan year that has not ended, whenever the tests run. */
const nextYear = new Date().getFullYear() + 1;

export const NDT_DOCUMENT: EpopDocument = {
  ...PAID_DOCUMENT,
  currentPlanYearStartDate: `${nextYear}-01-01`,
  currentPlanYearEndDate: `${nextYear}-12-31`,
  form: { clientCompanyName: 'Granite State Roofing' },
  createdDate: '2026-01-10T10:00:00.000Z',
  notes: null,
};

export const APP_CONFIG: AppConfig = {
  definitions: {
    keyEmployee: 'Configured: a key employee owns more than 5% of the business.',
    hce: 'Configured: an HCE received compensation above the IRS limit.',
  },
  links: { popImplementationGuide: '', employeeQuickReferenceGuide: '' },
  videoIds: {},
};

/** A stored result as the server builds it, from answers it accepted. */
export function storedResult(input: Record<string, unknown>, id = 'res-1'): StoredNdtResult {
  const checked = validateNdtInput(input);
  if (!checked.ok) throw new Error(checked.errors.join('; '));
  const result = evaluateNdt(checked.value);
  return {
    id,
    documentId: NDT_DOCUMENT.documentId,
    takenBy: 'demo.broker',
    createdOn: '2026-05-04T15:30:00.000Z',
    planYearStart: NDT_DOCUMENT.currentPlanYearStartDate,
    planYearEnd: NDT_DOCUMENT.currentPlanYearEndDate,
    pass: result.pass,
    ndtResult: result.ndtResult,
    safeHarbor: result.safeHarbor,
    input: checked.value as unknown as Record<string, unknown>,
    results: result.results,
  };
}

/** The server's POST: validates (400 naming the fields) and computes with shared-domain, as cart-api does. */
export function takeTest(
  call: RecordedCall,
): StubAnswer<StoredNdtResult | { type: 'validation'; errors: string[] }> {
  const checked = validateNdtInput(call.body);
  if (!checked.ok) return { status: 400, body: { type: 'validation' as const, errors: checked.errors } };
  return { body: storedResult(call.body as Record<string, unknown>, 'res-new') };
}
