import { ACCOUNT_MESSAGES } from 'shared-domain';
import type { Policies } from 'service-kit';

/**
 * The account routes' one resource: the `{userId}` of `user/{userId}…` is the caller themself. Unlike
 * cart-api, compliance gets no one else's profile here (the back office's user screens come with their
 * own routes). Any other user id answers 404, exactly like an unknown one.
 */
export const accountPolicies: Policies = {
  user: {
    allows: async (caller, _action, userId) => caller !== null && caller.userId === userId,
    notFoundMessage: ACCOUNT_MESSAGES.notFound,
  },
};
