/** The products' catalogue (README "Where a rule lives"): a product and its chosen option values. */
export const PRODUCTS_MESSAGES = {
  notFound: 'Product not found',
  unknownOption: 'The chosen option is not available for this product',
  oneValuePerAttribute: 'Choose one value per option',
} as const;
