/** The support line the error window asks users to call (the specs give no number; see README). */
export const SUPPORT_PHONE = '1-800-555-0125';
