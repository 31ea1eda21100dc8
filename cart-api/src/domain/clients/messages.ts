/**
 * The clients' catalogue (README "Where a rule lives"): the admin client page, 'Update Client Level'
 * and every other module's "client not found". A partner not found is the partners' catalogue's.
 */
export const CLIENTS_MESSAGES = {
  notFound: 'Client not found',
  otherClient: 'clientId must be the client of the path',
} as const;
