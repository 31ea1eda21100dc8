import { apiClient, call } from 'shared-ui';
import type { PromoCodePayload } from './create-promo-code.js';

/** POST discount/{id}: replaces a promo code's terms (its usage stays). */
export function updatePromoCode(id: string, body: PromoCodePayload) {
  return call(apiClient.POST('/discount/{id}', { params: { path: { id } }, body }));
}
