import { useApi } from 'shared-ui';

/**
 * GET product/epop/{userId}: the product with this user's attributes and default price, at the
 * prices of the partner the document is sold through (its custom pricing), or as the inviter chose
 * it for an invite (an invitee pays the price they were invited at).
 */
export const useProduct = (userId: string, strategicPartnerId: string | null, actionItemId: string | null) =>
  useApi('/product/epop/{userId}', {
    path: { userId },
    query: {
      ...(strategicPartnerId ? { strategicPartnerId } : {}),
      ...(actionItemId ? { actionItemId } : {}),
    },
  });
