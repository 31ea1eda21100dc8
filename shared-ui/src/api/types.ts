import type { ApiPath, ApiPaths } from './client.js';

/**
 * The API's types, read from the generated document (never copied by hand): what an operation answers
 * and what it takes. The named shapes below are the ones the screens speak of.
 */
type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';
type Operation<P extends ApiPath, M extends Method> = NonNullable<ApiPaths[P][M & keyof ApiPaths[P]]>;
type Json<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;

/** The success body (200 or 201) of an operation. */
export type ApiResult<P extends ApiPath, M extends Method = 'get'> =
  Operation<P, M> extends { responses: infer Responses }
    ? Responses extends { 200: infer Ok }
      ? Json<Ok>
      : Responses extends { 201: infer Created }
        ? Json<Created>
        : never
    : never;

/** The JSON body an operation takes. */
export type ApiBody<P extends ApiPath, M extends Method> =
  Operation<P, M> extends { requestBody?: infer Body } ? Json<NonNullable<Body>> : never;

/** The query an operation takes. */
export type ApiQuery<P extends ApiPath, M extends Method = 'get'> =
  Operation<P, M> extends { parameters: { query?: infer Query } } ? NonNullable<Query> : never;

// Cart (specs/1-foundation.md §7 Cart): `shopping-cart/{id}` answers a cart for a user id.
export type Cart = Extract<ApiResult<'/shopping-cart/{id}'>, { items: unknown }>;
export type CartItem = Cart['items'][number];
export type CartItemAnswer = Extract<ApiResult<'/shopping-cart/{id}'>, { cartItem: unknown }>;
export type CartCounts = ApiResult<'/shopping-cart/{userId}/count/saved-for-later'>;
export type Product = ApiResult<'/product/epop/{userId}'>;
/** `GET discount/{userId}`: the promo codes applied to the user's cart. */
export type AppliedPromoCode = Extract<ApiResult<'/discount/{id}'>, unknown[]>[number];
/** Applying or removing a promo code: the toast's text and the cart priced again. */
export type PromoCodeAnswer = ApiResult<'/shopping-cart/{userId}/promo-code/{code}', 'post'>;

// Payment and receipts (specs/1-foundation.md §7 "Payment and receipts").
export type PaymentAnswer = ApiResult<'/shopping-cart/{userId}/purchase/card', 'post'>;
export type CardPaymentPayload = ApiBody<'/shopping-cart/{userId}/purchase/card', 'post'>;
export type AchPaymentPayload = ApiBody<'/shopping-cart/{userId}/purchase/ach', 'post'>;
/** `GET order/{orderId}/receipt`: the receipt as server-escaped markup. */
export type Receipt = ApiResult<'/order/{orderId}/receipt'>;

// Documents: `epop-document/{id}` answers 'My POP Documents' for a user id, one document for its id.
export type DocumentPage = Extract<ApiResult<'/epop-document/{id}'>, { pages: number }>;
export type DocumentListRow = DocumentPage['data'][number];
export type EpopDocument = Extract<ApiResult<'/epop-document/{id}'>, { documentId: string; status: unknown }>;
/** The document the order form opens before it is stored: blank, or a renewal. */
export type DocumentDraft = ApiResult<'/epop/document/new/{userId}'>;
/** What a strategic partner changes on the order form. */
export type PartnerFormSettings = NonNullable<DocumentDraft['partner']>;
/** The document a cart item holds (reopened at /document/cart/{cartItemId}). */
export type CartDocument = ApiResult<'/cart/{cartItemId}/epop'>;
export type CartItemPayload = ApiBody<'/shopping-cart', 'post'>;
export type DocumentPayload = ApiBody<'/epop-document/{id}', 'post'>;
export type PendingActionItems = ApiResult<'/action-item/{userId}/pending'>;
export type ActionItem = PendingActionItems['today'][number];

// The client details page (specs/2-documents.md §2) and its company users panel.
export type ClientDetails = ApiResult<'/client/{clientId}'>;
export type ClientDocument = ApiResult<'/client/{clientId}/document'>[number];
export type CompanyUser = ApiResult<'/company/{companyId}/user'>[number];
/** A row of the user search (`GET user`): the same fields as the panel's UserRow. */
export type UserSearchRow = ApiResult<'/user'>[number];

// Back office.
export type OrderPage = ApiResult<'/order'>;
export type Order = OrderPage['data'][number];
export type OrderItem = Order['items'][number];
export type StrategicPartnerOption = ApiResult<'/strategic-partner'>[number];
export type ClientSearchRow = ApiResult<'/client/search'>[number];
/** The admin client page's edit (`POST client/{clientId}`) and its change log. */
export type ClientPayload = ApiBody<'/client/{clientId}', 'post'>;
export type ChangeLogEntry = ApiResult<'/client/{clientId}/change-log'>[number];

// Session, configuration and accounts.
export type SystemMessage = ApiResult<'/system-message'>[number];
export type AppConfig = ApiResult<'/system-message/config/app'>;
export type ProfileUser = ApiResult<'/user/{userId}'>;
export type ProfileUpdate = ApiBody<'/user/{userId}', 'post'>;
export type RegistrationPayload = ApiBody<'/user', 'post'>;
export type RegistrationResult = ApiResult<'/user', 'post'>;
export type TemporaryUserToken = ApiResult<'/temporary-user-token'>;
export type PasswordResetAnswer = ApiResult<'/authentication/password/reset'>;
export type PasswordResetRequest = ApiBody<'/authentication/password/reset', 'post'>;
export type FirstTimeSetupPayload = ApiBody<'/user/{userId}/token/{token}', 'post'>;
