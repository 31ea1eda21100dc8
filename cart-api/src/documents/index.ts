// The three generated PDFs of a paid document (../shared/domain/plan-documents.md), built from its answers.
export {
  planDocumentDefinition,
  planDocumentPdf,
  PLAN_DOCUMENT_HEADINGS,
  PLAN_DOCUMENT_TITLE,
} from './plan-document.js';
export {
  spdHeadings,
  summaryPlanDescriptionDefinition,
  summaryPlanDescriptionPdf,
  SPD_HEADINGS,
  SUMMARY_PLAN_DESCRIPTION_TITLE,
} from './summary-plan-description.js';
export { resolutionDefinition, resolutionPdf, RESOLUTION_HEADINGS, RESOLUTION_TITLE } from './resolution.js';
export { GOVERNING_BODIES, planFacts, type DocumentSource, type PlanFacts } from './plan-facts.js';
