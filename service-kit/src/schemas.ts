import { PAGE_SIZE } from 'shared-domain';
import { Type, type Static, type TLiteral, type TSchema, type TUnion } from 'typebox';

/** `400 {type:'validation', errors}` */
export const ValidationErrorSchema = Type.Object(
  { type: Type.Literal('validation'), errors: Type.Array(Type.String()) },
  { $id: 'ValidationError', description: "The catalogue's validation answer: each problem once." },
);
export type ValidationErrorBody = Static<typeof ValidationErrorSchema>;
/** `4xx {message}` */
export const MessageErrorSchema = Type.Object(
  { message: Type.String() },
  { $id: 'MessageError', description: "The catalogue's refusal: one message for a toast." },
);
export type MessageErrorBody = Static<typeof MessageErrorSchema>;
/** `500 {errorText, stackTrace?}` */
export const ServerErrorSchema = Type.Object(
  { errorText: Type.String(), stackTrace: Type.Optional(Type.String()) },
  { $id: 'ServerError', description: "The catalogue's server error (stack trace outside production)." },
);
export type ServerErrorBody = Static<typeof ServerErrorSchema>;

/** The shared error schemas, added once to each service (`app.addSchema`) and referenced by `$ref`. */
export const ERROR_SCHEMAS = [ValidationErrorSchema, MessageErrorSchema, ServerErrorSchema] as const;

export const ref = (id: 'ValidationError' | 'MessageError' | 'ServerError') =>
  Type.Unsafe({ $ref: `${id}#` });

type Literals<Values extends readonly string[]> = { -readonly [K in keyof Values]: TLiteral<Values[K]> };
/**
 * One literal per value of a constant array (a vocabulary): `anyOf` of `const`s whose Static is the
 * array's element type (`Type.Union` of a plain mapped array would be `never`).
 */
export const LiteralUnion = <const Values extends readonly [string, ...string[]]>(
  values: Values,
  options: { description?: string } = {},
): TUnion<Literals<Values>> =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    options,
  ) as TUnion<Literals<Values>>;

/** A value or null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Ids this service creates: uuid text. */
export const Uuid = (options: { description?: string } = {}) => Type.String({ format: 'uuid', ...options });

/**
 * identity-api's user ids, opaque to other services: only their shape is bounded (ownership is then
 * decided by comparing with the token's `sub`).
 */
export const UserId = (options: { description?: string } = {}) =>
  Type.String({ pattern: '^[A-Za-z0-9._-]{1,64}$', maxLength: 64, ...options });

export const MAX_PAGE_SIZE = 100;
/** Far beyond any real list, and small enough that (page - 1) × pageSize stays a safe integer. */
export const MAX_PAGE = 1_000_000;

/** Every paged list's query: 1 ≤ page ≤ 1,000,000, 1 ≤ pageSize ≤ 100 (defaults 1 and 10). */
export const PagedSearchQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: PAGE_SIZE })),
    searchText: Type.Optional(Type.String({ maxLength: 200, default: '' })),
  },
  { additionalProperties: false },
);

/** A page of a list (`data[]` and the number of `pages`, specs/1-foundation.md §7). */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({ data: Type.Array(item), pages: Type.Integer({ minimum: 0 }) });

/** A write without a payload: the client sends `{}` (or nothing), anything else is refused. */
export const EmptyBody = Type.Object({}, { additionalProperties: false });

/** `204`, no body. */
export const NoContent = Type.Null({ description: 'No content' });

/** The paged query as a handler has it: validation has applied the defaults the caller left out. */
export function withPaging(query: { page?: number; pageSize?: number; searchText?: string }) {
  return { page: query.page ?? 1, pageSize: query.pageSize ?? PAGE_SIZE, searchText: query.searchText ?? '' };
}
