import { apiClient, call, queryKey, useQuery } from 'shared-ui';

/**
 * GET product/epop/{userId}: the product with this user's attributes and default price, at the
 * prices of the partner the document is sold through (its custom pricing), or as the inviter chose
 * it for an invite (an invitee pays the price they were invited at).
 */
export const useProduct = (userId: string, strategicPartnerId: string | null, actionItemId: string | null) =>
  useQuery(queryKey('/product/epop/{userId}', userId, strategicPartnerId, actionItemId), () =>
    call(
      apiClient.GET('/product/epop/{userId}', {
        params: {
          path: { userId },
          query: {
            ...(strategicPartnerId ? { strategicPartnerId } : {}),
            ...(actionItemId ? { actionItemId } : {}),
          },
        },
      }),
    ),
  );
