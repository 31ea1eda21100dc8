import { DOCUMENT_EXAMPLE } from '../../src/contract/epop-document.js';

/**
 * An order form that passes the document rules (specs/2-documents.md §5): the body example of the
 * OpenAPI document (the parties' documents' 2027 plan year), with `overrides` on top.
 */
export function documentForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...DOCUMENT_EXAMPLE, ...overrides };
}
