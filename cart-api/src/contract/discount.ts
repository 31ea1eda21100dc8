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
  product: Nullable(Type.String({ description: "the product's name; null: every product" })),
});
export type Discount = Static<typeof Discount>;

/**
 * `POST discount` and `POST discount/{id}` (specs/3-admin.md §7): the editor's $/% choice sends
 * either amount or percentage, the other null. Percentages are whole numbers; amounts whole cents.
 */
const DISCOUNT_EXAMPLE = {
  code: 'SPRING15',
  percentage: 15,
  amount: null,
  maxDollarAmount: 100,
  startDate: '2026-03-01',
  endDate: '2026-05-31',
  productId: null,
  type: 'Total',
};

export const DiscountBody = Type.Object(
  {
    code: Type.String({
      minLength: 1,
      maxLength: 50,
      pattern: '^\\s*[A-Za-z0-9_-]+\\s*$',
      description: 'letters, digits, - and _; matched case-insensitively',
    }),
    percentage: Nullable(Type.Integer({ minimum: 1, maximum: 100, description: 'percent off' })),
    amount: Nullable(
      Type.Number({ exclusiveMinimum: 0, maximum: 100_000, description: 'amount off, dollars' }),
    ),
    maxDollarAmount: Nullable(
      Type.Number({ exclusiveMinimum: 0, maximum: 100_000, description: 'the most it takes off, dollars' }),
    ),
    startDate: IsoDate('first valid day'),
    endDate: IsoDate('last valid day, inclusive'),
    productId: Nullable(Uuid({ description: 'the product it applies to; null: every product' })),
    type: DiscountType,
  },
  {
    additionalProperties: false,
    examples: [DISCOUNT_EXAMPLE],
  },
);
export type DiscountBody = Static<typeof DiscountBody>;

/** `POST discount/{id}`: the same body (its example another code, so both examples can be saved). */
export const DiscountUpdateBody = Type.Object(DiscountBody.properties, {
  additionalProperties: false,
  examples: [{ ...DISCOUNT_EXAMPLE, code: 'SUMMER20', percentage: null, amount: 20, type: 'Product' }],
});

export const DiscountIdParams = Type.Object({ id: Uuid() }, { additionalProperties: false });

export const Deleted = Type.Object({ id: Uuid(), deleted: Type.Literal(true) });

export const AppliedCodesOrDiscount = Type.Union([Type.Array(AppliedCode), Discount]);
