import { PartnerFormSettings } from './strategic-partner-settings.js';
import { Nullable, Type, UserId, Uuid, type Static } from 'service-kit';
import { EPOP_PRODUCT } from '../db/reference-data.js';
import { DOCUMENT_EXAMPLE, DocumentBody } from './epop-document.js';

/** A cart item the API accepts as it is, for the OpenAPI document and the contract tests. */
export const CART_ITEM_EXAMPLE = {
  productId: EPOP_PRODUCT.product_id,
  quantity: 1 as const,
  attributes: [] as string[],
  json: DOCUMENT_EXAMPLE,
  userId: '00000000-0000-4000-8000-000000000000',
};

const Money = Type.Number({ description: 'dollars' });

export const CartItem = Type.Object({
  id: Uuid({ description: 'the cart item id (the same as cartItemId)' }),
  cartItemId: Uuid(),
  product: Type.String(),
  unitPrice: Money,
  discount: Money,
  total: Money,
});
export type CartItem = Static<typeof CartItem>;

export const Cart = Type.Object({
  total: Money,
  subtotal: Money,
  discount: Money,
  items: Type.Array(CartItem),
  savedForLater: Type.Array(CartItem),
});
export type Cart = Static<typeof Cart>;

export const CartCounts = Type.Object({
  cartCount: Type.Integer({ minimum: 0 }),
  savedForLaterCount: Type.Integer({ minimum: 0 }),
});
export type CartCounts = Static<typeof CartCounts>;

/** `GET shopping-cart/{itemId}`: the item, and the screen that reopens it (specs/2-documents.md §7). */
export const CartItemAnswer = Type.Object({
  cartItem: Type.Object({
    cartItemId: Uuid(),
    documentId: Nullable(Uuid()),
    actionItemId: Nullable(Uuid()),
    product: Type.String(),
    unitPrice: Money,
    discount: Money,
    total: Money,
    savedForLater: Type.Boolean(),
  }),
  url: Type.String({ description: 'the screen to open: /document/cart/{cartItemId}' }),
});
export type CartItemAnswer = Static<typeof CartItemAnswer>;

/** `GET shopping-cart/{userId}` or `GET shopping-cart/{itemId}`: the cart, or one item. */
export const CartOrItem = Type.Union([Cart, CartItemAnswer]);

/**
 * `POST shopping-cart` (Add to Cart) and `POST shopping-cart/{cartItemId}` (Update Cart): the cart
 * item of specs/2-documents.md §3. The price is not in it: the server computes it from the product,
 * the chosen attribute values and the caller's role (a price in the body is an unknown field, 400).
 */
export const CartItemBody = Type.Object(
  {
    productId: Uuid(),
    quantity: Type.Literal(1, { description: 'always 1 (specs/2-documents.md §9)' }),
    actionItemId: Type.Optional(Nullable(Uuid({ description: 'the action item the document came from' }))),
    attributes: Type.Array(Uuid(), { maxItems: 20, description: 'the chosen attribute value ids' }),
    json: DocumentBody,
    userId: UserId({ description: "the cart's owner: the caller" }),
    strategicPartnerId: Type.Optional(Nullable(Uuid())),
  },
  { additionalProperties: false, examples: [CART_ITEM_EXAMPLE] },
);
export type CartItemBody = Static<typeof CartItemBody>;

/** `GET cart/{cartItemId}/epop`: the document held in a cart item, to reopen the order form with. */
export const CartDocument = Type.Object({
  cartItemId: Uuid(),
  actionItemId: Nullable(Uuid()),
  productId: Uuid(),
  strategicPartnerId: Nullable(Uuid()),
  selectedAttributes: Type.Array(Uuid()),
  unitPrice: Money,
  form: Type.Record(Type.String(), Type.Unknown(), { description: "the order form's fields" }),
  partner: Nullable(PartnerFormSettings),
});
export type CartDocument = Static<typeof CartDocument>;

export const CartItemIdParams = Type.Object({ cartItemId: Uuid() }, { additionalProperties: false });

/** `shopping-cart/{userId}/promo-code/{code}`: the text the user typed (trimmed, any case). */
export const PromoCodeParams = Type.Object(
  {
    userId: UserId(),
    code: Type.String({ minLength: 1, maxLength: 50, description: 'the promo code as typed' }),
  },
  { additionalProperties: false },
);

/** Applying or removing a promo code: the toast's text and the cart priced again. */
export const PromoCodeAnswer = Type.Object({
  message: Type.String({ description: "'Discount has been applied', or what was removed" }),
  cart: Cart,
});
export type PromoCodeAnswer = Static<typeof PromoCodeAnswer>;

/**
 * The total the page showed, in dollars: a check, never the amount (the server charges its own
 * total); when the cart's total differs the purchase answers 409 and charges nothing.
 */
const ExpectedTotal = Type.Number({
  minimum: 0,
  maximum: 10_000_000,
  description: 'the total the page showed, dollars',
});

/** `POST shopping-cart/{userId}/purchase/free`: nothing to pay; the shown total may be checked. */
export const FreePurchase = Type.Object(
  { expectedTotal: Type.Optional(ExpectedTotal) },
  { additionalProperties: false },
);

const Text = (maxLength: number, description?: string) =>
  Type.String({ maxLength, ...(description ? { description } : {}) });

/**
 * `POST shopping-cart/{userId}/purchase/card` (specs/1-foundation.md §3 "Card payment"). The amount
 * is not in it: the server charges its own total of the cart. The number and the CVV reach the
 * payment gateway and nothing else (never stored, never logged).
 */
export const CardPayment = Type.Object(
  {
    firstName: Text(100),
    lastName: Text(100),
    company: Text(200),
    street: Text(200),
    country: Type.Optional(Type.Union([Type.Literal('US'), Type.Literal('CA')], { default: 'US' })),
    city: Text(100),
    state: Text(100, 'a US state abbreviation for US, free text otherwise'),
    zip: Text(10, 'Zip Code (US: ##### or #####-####) or Postal Code'),
    phone: Type.Optional(Text(20, '(###) ###-####, optional')),
    email: Text(254),
    cardNumber: Text(23, '15 or 16 digits; spaces are ignored'),
    expirationMonth: Type.Integer({ minimum: 1, maximum: 12 }),
    expirationYear: Type.Integer({ minimum: 2000, maximum: 2100 }),
    cvv: Text(4, '3 or 4 digits'),
    expectedTotal: Type.Optional(ExpectedTotal),
  },
  {
    additionalProperties: false,
    examples: [
      {
        firstName: 'Avery',
        lastName: 'Broker',
        company: 'Lakeside Benefits',
        street: '1 Main Street',
        country: 'US',
        city: 'Springfield',
        state: 'IL',
        zip: '62701',
        email: 'avery@example.com',
        cardNumber: '4111111111111111',
        expirationMonth: 12,
        expirationYear: 2099,
        cvv: '123',
      },
    ],
  },
);
export type CardPayment = Static<typeof CardPayment>;

/** `POST shopping-cart/{userId}/purchase/ach` (specs/1-foundation.md §3 "ACH payment"). */
export const AchPayment = Type.Object(
  {
    routingNumber: Text(11, 'ABA routing number, 9 digits'),
    bankName: Text(100),
    email: Text(254),
    accountNumber: Text(20, '4 to 17 digits'),
    nameOnAccount: Text(100),
    checking: Type.Optional(Type.Boolean({ default: true, description: 'true: Checking, false: Savings' })),
    expectedTotal: Type.Optional(ExpectedTotal),
  },
  {
    additionalProperties: false,
    examples: [
      {
        routingNumber: '011000015',
        bankName: 'First Bank',
        email: 'avery@example.com',
        accountNumber: '123456789',
        nameOnAccount: 'Avery Broker',
        checking: true,
      },
    ],
  },
);
export type AchPayment = Static<typeof AchPayment>;

/** The purchase's answer (specs/1-foundation.md §3 "Payment response"); a decline is `success: false`. */
export const PaymentAnswer = Type.Object({
  success: Type.Boolean(),
  orderId: Nullable(Uuid()),
  orderNumber: Nullable(Type.String()),
  transactionId: Nullable(Type.String()),
  displayText: Type.String({ description: "the processor's sentence, shown to the user" }),
  pending: Type.Optional(
    Type.Literal(true, {
      description:
        'accepted, not settled yet (an ACH debit): the documents are Processing until it settles, and the receipt is e-mailed then',
    }),
  ),
});
export type PaymentAnswer = Static<typeof PaymentAnswer>;
