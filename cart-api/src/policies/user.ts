import type { Policy } from 'service-kit';
import { isCompliance, member } from './rules.js';

/**
 * `user`: the `{userId}` of the specs' user-scoped paths (a cart, a dashboard, a product price). The
 * caller themself; compliance may act for anyone. User ids are identity-api's, so there is nothing
 * to look up: the id is compared with the token's subject.
 */
export const userPolicy: Policy = {
  async allows(caller, _action, id) {
    if (isCompliance(caller)) return true;
    return member(caller) && caller.userId === id;
  },
};
