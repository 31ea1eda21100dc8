import { Nullable, Type, Uuid, type Static } from 'service-kit';

const Money = (description: string) => Type.Number({ description: `${description}, dollars` });
const IsoDate = (description: string) =>
  Type.String({ format: 'date', description: `${description}, YYYY-MM-DD` });

export const DiscountType = Type.Union([Type.Literal('Product'), Type.Literal('Total')], {
  description: 'Product: off each matching item; Total: off the subtotal',
});

/** A promo code's terms, as a cart shows an applied one: exactly one of percentage and amount is set. */
const Terms = {
  id: Uuid(),
  code: Type.String(),
  percentage: Nullable(Type.Number({ description: 'percent off' })),
  amount: Nullable(Money('amount off')),
  maxDollarAmount: Nullable(Money('the most the code takes off')),
  productId: Nullable(Uuid({ description: 'the product it applies to; null: every product' })),
  type: DiscountType,
};

/** `GET discount/{userId}`: a code applied to the user's cart. */
export const AppliedCode = Type.Object(Terms);
export type AppliedCode = Static<typeof AppliedCode>;

/** `GET discount/{id}` (compliance): one promo code with its validity and usage. */
export const Discount = Type.Object({
  ...Terms,
  startDate: IsoDate('first valid day'),
  endDate: IsoDate('last valid day, inclusive'),
  usage: Type.Integer({ description: 'how many paid orders used it' }),
});
export type Discount = Static<typeof Discount>;

export const AppliedCodesOrDiscount = Type.Union([Type.Array(AppliedCode), Discount]);
