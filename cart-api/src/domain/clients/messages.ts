import { PARTNER_NOT_FOUND } from '../partners/messages.js';

/** The clients' texts (the admin client page, 'Update Client Level'); 'Client not found' is policy.ts's. */
export const CLIENT_MESSAGES = {
  otherClient: 'clientId must be the client of the path',
  /** The partners' catalogue's text (one definition). */
  partnerNotFound: PARTNER_NOT_FOUND,
} as const;
