import { apiClient, call, type ApiBody } from 'shared-ui';

/** What the editor sends: exactly one of percentage and amount is set, the other null (§5). */
export type PromoCodePayload = ApiBody<'/discount', 'post'>;

/** POST discount: a new promo code. */
export function createPromoCode(body: PromoCodePayload) {
  return call(apiClient.POST('/discount', { body }));
}
