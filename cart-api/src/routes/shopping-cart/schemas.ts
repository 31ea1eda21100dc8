import { PartnerFormSettings } from '../strategic-partner/settings.js';
import type {
  Cart as SharedCart,
  CartCounts as SharedCartCounts,
  CartItem as SharedCartItem,
} from 'shared-domain';
import { Nullable, Type, UserId, Uuid, type Static } from 'service-kit';
import { EPOP_PRODUCT } from '../../db/reference-data.js';
import type { Assert, Same } from '../../lib/contract.js';
import { DOCUMENT_EXAMPLE, DocumentBody } from '../epop-document/schemas.js';

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

export const Cart = Type.Object({
  total: Money,
  subtotal: Money,
  discount: Money,
  items: Type.Array(CartItem),
  savedForLater: Type.Array(CartItem),
});

export const CartCounts = Type.Object({
  cartCount: Type.Integer({ minimum: 0 }),
  savedForLaterCount: Type.Integer({ minimum: 0 }),
});

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

// The browser still reads shared-domain's hand-copied types until the generated client lands.
export type _CartItemIsShared = Assert<Same<Static<typeof CartItem>, SharedCartItem>>;
export type _CartIsShared = Assert<Same<Static<typeof Cart>, SharedCart>>;
export type _CartCountsAreShared = Assert<Same<Static<typeof CartCounts>, SharedCartCounts>>;

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
