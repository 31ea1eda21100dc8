import { useApi, type ApiResult } from 'shared-ui';

/** A promo code as the admin list and editor read it (specs/3-admin.md §3 "Discount (promo code)"). */
export type PromoCode = ApiResult<'/discount'>[number];

/** GET discount: every promo code (specs/3-admin.md §7). */
export const usePromoCodes = () => useApi('/discount');
