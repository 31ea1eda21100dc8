import { Type, UserId, type Access } from 'service-kit';

/** Compile-time proof that two types are the same (each assignable to the other). */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** `export type _X = Assert<Same<Static<typeof Schema>, SharedType>>` fails the type check on drift. */
export type Assert<T extends true> = T;

/** Every signed-in role group; the route's ownership policy then decides which records. */
export const SIGNED_IN: Access = ['compliance', 'broker', 'epop'];
export const COMPLIANCE: Access = ['compliance'];
/** Who buys documents through the cart: brokers and employers (compliance invites or creates free ones). */
export const BUYERS: Access = ['broker', 'epop'];

/** `/:userId`: a user of identity-api (the `user` policy compares it with the token's subject). */
export const UserIdParams = Type.Object({ userId: UserId() }, { additionalProperties: false });

/**
 * `/:id` of the specs' doubled paths: one of our uuids (a document, a cart item) or an identity-api
 * user id; the ownership resolves which (README "Doubled paths").
 */
export const RecordOrUserIdParams = Type.Object(
  { id: UserId({ description: 'a record id (uuid) of this path, or a user id' }) },
  { additionalProperties: false },
);
