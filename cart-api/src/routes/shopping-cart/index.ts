import {
  notFound,
  Type,
  Uuid,
  ValidationFailure,
  type Caller,
  type FastifyPluginAsyncTypebox,
} from 'service-kit';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { BUYERS, SIGNED_IN, RecordOrUserIdParams, UserIdParams } from '../../lib/contract.js';
import { checkedForm, partnerOf } from '../epop-document/form.js';
import { checkedLinks } from '../epop-document/links.js';
import { storedDocument } from '../epop-document/queries.js';
import { actionItemById } from '../action-item/queries.js';
import { priceFor } from '../product/queries.js';
import { CART_MESSAGES } from './policy.js';
import {
  cartCounts,
  cartItemAnswer,
  cartItemDocument,
  cartItemOfActionItem,
  cartOf,
  insertCartItem,
  openActionItemOf,
  updateCartItem,
  type CartItemWrite,
} from './queries.js';
import { CartCounts, CartDocument, CartItemAnswer, CartItemBody, CartOrItem } from './schemas.js';

/** The action items a cart item pays the document of (the others' documents are paid already). */
const PURCHASE_ITEMS = new Set([
  'pop-document-invite',
  'unpaid-pop-action-item',
  'colonial-cancellation-purchase',
]);

const CartItemIdParams = Type.Object({ cartItemId: Uuid() }, { additionalProperties: false });

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
  if (payingFor) {
    const stored = await storedDocument(db, payingFor);
    if (!stored) throw notFound(CART_MESSAGES.actionItemNotFound);
    if (body.strategicPartnerId !== undefined && body.strategicPartnerId !== stored.strategicPartnerId) {
      throw new ValidationFailure([CART_MESSAGES.partnerFixed]);
    }
    strategicPartnerId = stored.strategicPartnerId;
  }
  const partner = await partnerOf(db, strategicPartnerId);
  const form = await checkedForm(body.json, partner);
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
      await refuseSecondItemOf(item.actionItemId);
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
      await refuseSecondItemOf(item.actionItemId, cartItemId);
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
