/**
 * The partners' catalogue (README "Where a rule lives"): the texts of the strategic partners' rules,
 * one place for each. The other catalogues that need a partner's text refer to these.
 */
export const PARTNER_NOT_FOUND = 'Strategic partner not found';

/** The texts of a partner's clients (`GET strategic-partner/{companyId}/client`). */
export const PARTNER_CLIENT_MESSAGES = {
  pageRequired: 'Page and page size must be at least 1 (page=0&pageSize=0 only with export=true)',
} as const;
