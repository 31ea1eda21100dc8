import {
  badRequest,
  conflict,
  EmptyBody,
  notFound,
  ValidationFailure,
  type Caller,
  type FastifyPluginAsyncTypebox,
} from 'service-kit';
import { formatIsoDate, MESSAGES, productToday } from 'shared-domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { BUYERS, SIGNED_IN, RecordOrUserIdParams, UserIdParams } from '../../lib/contract.js';
import { keepLockedFields } from '../../domain/documents/index.js';
import { isCompliance } from '../../policies/rules.js';
import { checkedForm, partnerOf } from '../../domain/documents/form.js';
import { checkedLinks } from '../../domain/documents/links.js';
import { storedDocument } from '../../domain/documents/queries.js';
import { actionItemById } from '../../domain/action-items/queries.js';
import { priceFor } from '../../domain/products/queries.js';
import { DISCOUNT_MESSAGES } from '../../domain/promo-codes/policy.js';
import { discountByCode } from '../../domain/promo-codes/queries.js';
import { CART_MESSAGES } from '../../domain/cart/policy.js';
import purchase from './purchase.js';
import { purchaseRunning } from '../../domain/purchase/purchase-lock.js';
import {
  applyCode,
  cartCounts,
  cartItemRenewing,
  cartItemUser,
  deleteCartItem,
  removeCode,
  setSavedForLater,
  cartItemAnswer,
  cartItemDocument,
  cartItemOfActionItem,
  cartOf,
  insertCartItem,
  openActionItemOf,
  updateCartItem,
  type CartItemWrite,
} from '../../domain/cart/queries.js';
import {
  Cart,
  CartCounts,
  CartDocument,
  CartItemAnswer,
  CartItemBody,
  CartItemIdParams,
  CartOrItem,
  PromoCodeAnswer,
  PromoCodeParams,
} from '../../contract/shopping-cart.js';

/** The action items a cart item pays the document of (the others' documents are paid already). */
const PURCHASE_ITEMS = new Set([
  'pop-document-invite',
  'unpaid-pop-action-item',
  'colonial-cancellation-purchase',
]);

/**
 * A cart item as the caller sends it, checked and priced: the cart is the caller's own (another
 * user's id reads like a missing one), the action item is the caller's and still open, the
 * document passes the order form's rules, and the price comes from the product, the chosen values
 * and the caller's role, never from the request.
 */
async function checkedCartItem(
  db: Kysely<Database>,
  caller: Caller,
  body: CartItemBody,
): Promise<CartItemWrite> {
  if (body.userId !== caller.userId) throw notFound(CART_MESSAGES.notFound);
  if (body.actionItemId && !(await openActionItemOf(db, body.actionItemId, caller.userId))) {
    throw notFound(CART_MESSAGES.actionItemNotFound);
  }
  // An item from an invite, an unpaid document or a Colonial cancellation pays for that stored
  // document, sold through its partner (the body cannot pick another, cheaper one); an invite's
  // price is the inviter's choice.
  const item = body.actionItemId ? await actionItemById(db, body.actionItemId) : undefined;
  const payingFor = item && PURCHASE_ITEMS.has(item.itemType) ? item.data.DocumentId : null;
  const invite = item?.itemType === 'pop-document-invite' ? item.data : null;
  let strategicPartnerId = body.strategicPartnerId ?? null;
  const stored = payingFor ? await storedDocument(db, payingFor) : undefined;
  if (payingFor) {
    if (!stored) throw notFound(CART_MESSAGES.actionItemNotFound);
    if (body.strategicPartnerId !== undefined && body.strategicPartnerId !== stored.strategicPartnerId) {
      throw new ValidationFailure([CART_MESSAGES.partnerFixed]);
    }
    strategicPartnerId = stored.strategicPartnerId;
  }
  const partner = await partnerOf(db, strategicPartnerId);
  let fields = body.json;
  if (stored && !isCompliance(caller)) {
    // The stored document's locked fields: as they are, whoever pays for it (a repayment, an invite).
    const locked = keepLockedFields(stored, body.json);
    if (locked.errors.length > 0) throw new ValidationFailure(locked.errors);
    fields = locked.form;
  }
  const form = await checkedForm(fields, partner);
  // The client it joins and the document it renews travel with the item to the checkout.
  const links = await checkedLinks(db, caller, body.json, { strategicPartnerId, payingFor });
  if (links.clientId) form.clientId = links.clientId;
  if (links.originalDocumentId) form.originalDocumentId = links.originalDocumentId;
  const price = await priceFor(
    db,
    body.productId,
    invite?.PricedFor ?? caller.roleGroup,
    invite ? invite.Attributes : body.attributes,
    partner?.strategicPartnerId ?? null,
  );
  return {
    userId: caller.userId,
    productId: price.productId,
    actionItemId: body.actionItemId ?? null,
    documentId: payingFor,
    strategicPartnerId,
    displayText: `${price.name} - ${form.clientCompanyName}`,
    basePriceCents: price.basePriceCents,
    adjustmentCents: price.adjustmentCents,
    attributeValueIds: price.attributeValueIds,
    form,
  };
}

/** The user's cart and saved-for-later list (specs/1-foundation.md "Cart"). */
const shoppingCart: FastifyPluginAsyncTypebox = async (app) => {
  /** A document is renewed once: a second cart item renewing it is refused (`except`: the one updated). */
  async function refuseSecondRenewal(item: CartItemWrite, except?: string) {
    const original = item.form.originalDocumentId;
    if (typeof original !== 'string') return;
    const other = await cartItemRenewing(app.db, item.userId, original);
    if (other && other !== except) throw new ValidationFailure([CART_MESSAGES.renewalInCart]);
  }

  /** A purchase locks the cart: no change until it has finished (its charge is the cart's total). */
  async function refuseWhilePurchasing(userId: string) {
    if (await purchaseRunning(app.db, userId)) throw conflict(CART_MESSAGES.purchaseRunning);
  }

  /** The owner of a cart item the route's policy let through (404 if it went meanwhile). */
  async function ownerOf(cartItemId: string): Promise<string> {
    const userId = await cartItemUser(app.db, cartItemId);
    if (!userId) throw notFound(CART_MESSAGES.notFound);
    return userId;
  }

  const itemWrite = (summary: string) =>
    ({
      config: {
        access: BUYERS,
        ownership: { resource: 'cart-item', action: 'write', param: 'cartItemId' },
      },
      schema: { summary, params: CartItemIdParams, body: EmptyBody, response: { 200: Cart } },
    }) as const;

  app.delete(
    '/:cartItemId',
    {
      config: {
        access: BUYERS,
        ownership: { resource: 'cart-item', action: 'delete', param: 'cartItemId' },
      },
      schema: {
        summary: 'Remove an item from the cart or the saved-for-later list; answers the cart',
        params: CartItemIdParams,
        response: { 200: Cart },
      },
    },
    async (request) => {
      const userId = await ownerOf(request.params.cartItemId);
      await refuseWhilePurchasing(userId);
      await deleteCartItem(app.db, request.params.cartItemId);
      return cartOf(app.db, userId);
    },
  );

  app.post(
    '/:cartItemId/save-for-later',
    itemWrite('Move a cart item to the saved-for-later list (out of the totals); answers the cart'),
    async (request) => {
      const userId = await ownerOf(request.params.cartItemId);
      await refuseWhilePurchasing(userId);
      await setSavedForLater(app.db, request.params.cartItemId, 1);
      return cartOf(app.db, userId);
    },
  );

  app.post(
    '/:cartItemId/move-to-cart',
    itemWrite('Move a saved-for-later item back into the cart; answers the cart'),
    async (request) => {
      const userId = await ownerOf(request.params.cartItemId);
      await refuseWhilePurchasing(userId);
      await setSavedForLater(app.db, request.params.cartItemId, 0);
      return cartOf(app.db, userId);
    },
  );

  const promoRoute = (summary: string, body: boolean) =>
    ({
      config: { access: BUYERS, ownership: { resource: 'user', action: 'write', param: 'userId' } },
      schema: {
        summary,
        params: PromoCodeParams,
        ...(body ? { body: EmptyBody } : {}),
        response: { 200: PromoCodeAnswer },
      },
    }) as const;

  app.post(
    '/:userId/promo-code/:code',
    promoRoute("Apply a promo code to the caller's cart (trimmed, any case)", true),
    async (request) => {
      const { userId } = request.params;
      const typed = request.params.code.trim();
      await refuseWhilePurchasing(userId);
      if (typed === '') throw badRequest(DISCOUNT_MESSAGES.noCode);
      const found = await discountByCode(app.db, typed);
      if (!found) throw badRequest(DISCOUNT_MESSAGES.unknownCode(typed));
      const today = productToday(app.now());
      if (today > found.end_date)
        throw badRequest(DISCOUNT_MESSAGES.expired(found.code, formatIsoDate(found.end_date)));
      if (today < found.start_date) {
        throw badRequest(DISCOUNT_MESSAGES.notYetValid(found.code, formatIsoDate(found.start_date)));
      }
      if (!(await applyCode(app.db, userId, found.discount_id))) {
        throw badRequest(DISCOUNT_MESSAGES.alreadyApplied(found.code));
      }
      return { message: MESSAGES.discountApplied, cart: await cartOf(app.db, userId) };
    },
  );

  app.delete(
    '/:userId/promo-code/:code',
    promoRoute("Take a promo code off the caller's cart", false),
    async (request) => {
      const { userId } = request.params;
      const typed = request.params.code.trim();
      await refuseWhilePurchasing(userId);
      const found = await discountByCode(app.db, typed);
      if (!found || !(await removeCode(app.db, userId, found.discount_id))) {
        throw badRequest(DISCOUNT_MESSAGES.notApplied(found?.code ?? typed));
      }
      return { message: DISCOUNT_MESSAGES.removed(found.code), cart: await cartOf(app.db, userId) };
    },
  );
  /** An action item is paid for by one cart item: refuses another (`except`: the item being updated). */
  async function refuseSecondItemOf(actionItemId: string | null, except?: string) {
    if (!actionItemId) return;
    const existing = await cartItemOfActionItem(app.db, actionItemId);
    if (existing && existing !== except) throw new ValidationFailure([CART_MESSAGES.alreadyInCart]);
  }

  app.get(
    '/:userId/count/saved-for-later',
    {
      config: { access: SIGNED_IN, ownership: { resource: 'user', action: 'read', param: 'userId' } },
      schema: {
        summary: 'The cart count and the saved-for-later count of a user',
        params: UserIdParams,
        response: { 200: CartCounts },
      },
    },
    async (request) => cartCounts(app.db, request.params.userId),
  );

  // Add to Cart (specs/2-documents.md §4 "Cart buttons"): brokers and employers buy; compliance
  // invites or creates free documents instead.
  app.post(
    '',
    {
      config: { access: BUYERS, ownership: 'none' },
      schema: {
        summary:
          "Add a document to the caller's cart (Add to Cart; userId is the caller's), priced by the server",
        body: CartItemBody,
        response: { 200: CartItemAnswer },
      },
    },
    async (request) => {
      const item = await checkedCartItem(app.db, request.caller!, request.body);
      await refuseWhilePurchasing(item.userId);
      await refuseSecondItemOf(item.actionItemId);
      await refuseSecondRenewal(item);
      let cartItemId: string;
      try {
        cartItemId = await insertCartItem(app.db, item);
      } catch (error) {
        // Two at once: the unique index (migration 0011) lets one in.
        await refuseSecondItemOf(item.actionItemId);
        throw error;
      }
      return (await cartItemAnswer(app.db, cartItemId))!;
    },
  );

  app.post(
    '/:cartItemId',
    {
      config: {
        access: BUYERS,
        ownership: { resource: 'cart-item', action: 'write', param: 'cartItemId' },
      },
      schema: {
        summary: 'Replace the document and choices of a cart item (Update Cart), priced again by the server',
        params: CartItemIdParams,
        body: CartItemBody,
        response: { 200: CartItemAnswer },
      },
    },
    async (request) => {
      const { cartItemId } = request.params;
      const item = await checkedCartItem(app.db, request.caller!, request.body);
      await refuseWhilePurchasing(item.userId);
      await refuseSecondItemOf(item.actionItemId, cartItemId);
      await refuseSecondRenewal(item, cartItemId);
      await updateCartItem(app.db, cartItemId, item);
      const answer = await cartItemAnswer(app.db, cartItemId);
      if (!answer) throw notFound(CART_MESSAGES.notFound); // removed meanwhile
      return answer;
    },
  );

  // The specs' doubled path: `shopping-cart/{itemId}` (one item) and `shopping-cart/{userId}` (the cart).
  app.get(
    '/:id',
    {
      config: {
        access: SIGNED_IN,
        ownership: { resource: ['cart-item', 'user'], action: 'read', param: 'id' },
      },
      schema: {
        summary: "A user's cart (by user id), or one cart item and the url that reopens it (by item id)",
        params: RecordOrUserIdParams,
        response: { 200: CartOrItem },
      },
    },
    async (request) => {
      const { resource, id } = request.target!;
      if (resource === 'user') return cartOf(app.db, id);
      const answer = await cartItemAnswer(app.db, id);
      if (!answer) throw notFound(CART_MESSAGES.notFound); // removed since the policy looked
      return answer;
    },
  );

  await app.register(purchase);
};

export default shoppingCart;

/** `GET cart/{cartItemId}/epop` (specs/2-documents.md §7): the document a cart item holds. */
export const cartDocument: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:cartItemId/epop',
    {
      config: {
        access: SIGNED_IN,
        ownership: { resource: 'cart-item', action: 'read', param: 'cartItemId' },
      },
      schema: {
        summary:
          'The document held in a cart item, to reopen the order form with (/document/cart/{cartItemId})',
        params: CartItemIdParams,
        response: { 200: CartDocument },
      },
    },
    async (request) => {
      const found = await cartItemDocument(app.db, request.params.cartItemId);
      if (!found) throw notFound(CART_MESSAGES.notFound); // removed since the policy looked
      return found;
    },
  );
};
