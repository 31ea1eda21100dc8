/** The drafts' catalogue (README "Order form drafts"). */
export const DRAFTS_MESSAGES = {
  /** A draft for a record the caller may not open reads like one that does not exist. */
  formNotFound: 'The form this draft is for was not found',
} as const;
