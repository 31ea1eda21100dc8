/** API paths (specs/1-foundation.md §7 "Cart"); each GET path is also its SWR key (shared-ui useApi). */
export const cartPath = (userId: string) => `shopping-cart/${userId}`;
export const cartCountsPath = (userId: string) => `shopping-cart/${userId}/count/saved-for-later`;

/** Every cached cart read of one user: the cart and its counts (the shell's cart menu included). */
export const isCartKeyOf = (userId: string) => (key: unknown) =>
  typeof key === 'string' && key.startsWith(cartPath(userId));
