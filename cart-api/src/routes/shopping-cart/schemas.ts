import type {
  Cart as SharedCart,
  CartCounts as SharedCartCounts,
  CartItem as SharedCartItem,
} from 'shared-domain';
import { Nullable, Type, Uuid, type Static } from 'service-kit';
import type { Assert, Same } from '../../lib/contract.js';

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
