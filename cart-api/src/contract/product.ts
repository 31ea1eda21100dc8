import { Type, Uuid, type Static } from 'service-kit';

const Money = (description: string) => Type.Number({ description: `${description}, dollars` });

/** An attribute's value as the order form offers it: 'display [+$priceAdjustment]' (specs/2-documents.md §3). */
export const AttributeValue = Type.Object({
  attributeValueId: Uuid(),
  display: Type.String(),
  priceAdjustment: Money('added to the base price'),
});

/** A product attribute the caller may choose (attributes with a roles list reach those roles only). */
export const Attribute = Type.Object({
  id: Uuid(),
  name: Type.String(),
  values: Type.Array(AttributeValue),
});
export type Attribute = Static<typeof Attribute>;

/** `GET product/epop/{userId}`: the product, what this user pays by default, and the choices. */
export const Product = Type.Object({
  productId: Uuid(),
  name: Type.String(),
  code: Type.String(),
  price: Money("the price with the user's default choices"),
  basePrice: Money('the price before attributes'),
  attributes: Type.Array(Attribute),
  selectedAttributes: Type.Array(Uuid(), { description: 'the attribute values chosen by default' }),
});
export type Product = Static<typeof Product>;

/** `GET product`: a product as the promo-code editor lists it (specs/3-admin.md §3 "Product"). */
export const ProductName = Type.Object({ id: Uuid(), name: Type.String() });
