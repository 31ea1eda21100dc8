import { productToday } from 'shared-domain';
import { laterPlanYear } from 'shared-domain/forms';
import { DOCUMENT_EXAMPLE } from '../../src/contract/epop-document.js';

/**
 * The plan year of a new document ordered at `now` (the service's clock): twelve months from the
 * first of the next month in New York, so no new document starts before the day it is ordered
 * (src/domain/documents/plan-year.ts). As the form's two fields.
 */
export function planYearAfter(now: Date = new Date()): {
  currentPlanYearStartDate: string;
  currentPlanYearEndDate: string;
} {
  const { start, end } = laterPlanYear(productToday(now), null);
  return { currentPlanYearStartDate: start, currentPlanYearEndDate: end };
}

/**
 * An order form that passes the document rules (specs/2-documents.md §5): the body example of the
 * OpenAPI document with the plan year of a document ordered today (`planYearAfter()`: a test's
 * document is never refused as retroactive, whatever day it runs on), with `overrides` on top. A test
 * whose service runs on another clock gives `planYearAfter(itsNow)`.
 */
export function documentForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...DOCUMENT_EXAMPLE, ...planYearAfter(), ...overrides };
}

/**
 * The OpenAPI document's example as it is (its fixed 2027 plan year), with `overrides` on top: for what
 * reads a form without ordering it (the PDFs' text), where a fixed plan year keeps the expected text fixed.
 */
export function exampleForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...DOCUMENT_EXAMPLE, ...overrides };
}
