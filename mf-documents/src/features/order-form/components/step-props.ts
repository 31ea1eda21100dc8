import type { LoadedDocument } from '../model.js';

/** What a step of the order form needs besides formik's values. */
export interface StepProps {
  document: LoadedDocument;
  editable: {
    planDates: boolean;
    accountId: boolean;
    agentNumber: boolean;
    /** The client's company fields were adopted from an existing client (duplicate tax id): hidden. */
    adoptedClient: boolean;
    /** A renewal's original effective date (carried forward by the server): compliance alone sets it. */
    originalEffectiveDate: boolean;
  };
}
