import { Type, Uuid, type Static } from 'service-kit';

/** A row of the admin client search and of 'Recently Viewed'. */
export const ClientSearchRow = Type.Object({
  clientId: Uuid(),
  name: Type.String(),
  address: Type.String(),
  city: Type.String(),
  state: Type.String(),
});
export type ClientSearchRow = Static<typeof ClientSearchRow>;

export const ClientSearchQuery = Type.Object(
  { searchText: Type.String({ maxLength: 200, default: '' }) },
  { additionalProperties: false },
);
