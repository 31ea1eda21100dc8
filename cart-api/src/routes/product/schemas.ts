import type { Product as SharedProduct } from 'shared-domain';
import { Type, type Static } from 'service-kit';
import type { Assert, Same } from '../../lib/contract.js';

export const Product = Type.Object({
  name: Type.String(),
  price: Type.Number({ description: 'dollars' }),
  code: Type.String(),
});

export type _ProductIsShared = Assert<Same<Static<typeof Product>, SharedProduct>>;
