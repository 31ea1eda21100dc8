import { conflict, notFound, ValidationFailure, type Caller } from 'service-kit';
import type { Kysely } from 'kysely';
import { productToday } from 'shared-domain';
import type { Database } from '../../db/schema.js';
import type { Cart, CartDocument, CartItemAnswer, CartItemBody } from '../../contract/shopping-cart.js';
import { isCompliance } from '../../policies/rules.js';
import { keepLockedFields } from '../documents/index.js';
import { checkedForm, partnerOf } from '../documents/form.js';
import { checkedLinks } from '../documents/links.js';
import { checkedPlanYear } from '../documents/plan-year.js';
import { renewalEffectiveDate } from '../documents/renewal.js';
import { DOCUMENTS_MESSAGES } from '../documents/messages.js';
import { storedDocument } from '../documents/queries.js';
import { PAYMENT_ITEMS } from '../action-items/closure.js';
import { actionItemById } from '../action-items/queries.js';
import { entitledPartnerId, type EntitlementDeps } from '../partners/entitlement.js';
import { priceFor } from '../products/queries.js';
import { purchaseRunning } from '../purchase/purchase-lock.js';
import { ACTION_ITEMS_MESSAGES } from '../action-items/messages.js';
import { CART_MESSAGES } from './messages.js';
import {
  cartItemAnswer,
  cartItemDocument,
  cartItemOfActionItem,
  cartItemRenewing,
  cartItemUser,
  cartOf,
  deleteCartItem,
  insertCartItem,
  openActionItemOf,
  replaceCartItem,
  setSavedForLater,
  type CartItemWrite,
} from './queries.js';

/**
 * What the cart's operations need: the database, the service's clock (`app.now`) and identity-api's
 * referral ids (whether a buyer is entitled to the partner an item names).
 */
export interface CartDeps extends EntitlementDeps {
  db: Kysely<Database>;
  now: () => Date;
}

/** The action items a cart item pays the document of (the others' documents are paid already). */
const PURCHASE_ITEMS = new Set<string>(PAYMENT_ITEMS);

/**
 * A cart item as the caller sends it, checked and priced: the cart is the caller's own (another
 * user's id reads like a missing one), the action item is the caller's and still open, the
 * document passes the order form's rules, and the price comes from the product, the chosen values
 * and the caller's role, never from the request. The item is sold through the partner it names only
 * when the caller is entitled to it (`entitledPartnerId`), else as the standard product: its price,
 * and the linked promo codes the cart gives it at every read, follow the partner written here.
 */
async function checkedCartItem(deps: CartDeps, caller: Caller, body: CartItemBody): Promise<CartItemWrite> {
  const { db } = deps;
  if (body.userId !== caller.userId) throw notFound(CART_MESSAGES.notFound);
  // Compliance's override of the plan-year rule is recorded on a document it creates or invites to
  // purchase (plan-year.ts), never carried by a cart item.
  if (body.json.retroactiveReason !== undefined) {
    throw new ValidationFailure([DOCUMENTS_MESSAGES.save.retroactiveReasonNotInCart]);
  }
  if (body.actionItemId && !(await openActionItemOf(db, body.actionItemId, caller.userId))) {
    throw notFound(ACTION_ITEMS_MESSAGES.notFound);
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
    if (!stored) throw notFound(ACTION_ITEMS_MESSAGES.notFound);
    if (body.strategicPartnerId !== undefined && body.strategicPartnerId !== stored.strategicPartnerId) {
      throw new ValidationFailure([CART_MESSAGES.partnerFixed]);
    }
    strategicPartnerId = stored.strategicPartnerId;
  }
  strategicPartnerId = await entitledPartnerId(deps, caller, strategicPartnerId, {
    clientId: body.json.clientId,
    originalDocumentId: body.json.originalDocumentId,
    payingFor,
  });
  const partner = await partnerOf(db, strategicPartnerId);
  const compliance = isCompliance(caller);
  let fields = body.json;
  if (stored && !compliance) {
    // The stored document's locked fields: as they are, whoever pays for it (a repayment, an invite).
    const locked = keepLockedFields(stored, body.json);
    if (locked.errors.length > 0) throw new ValidationFailure(locked.errors);
    fields = locked.form;
  }
  const renews = (stored ? stored.originalDocumentId : null) ?? body.json.originalDocumentId ?? null;
  if (renews && !compliance) {
    // A renewal's original effective date is the server's (carried forward, or the stored renewal's):
    // anyone but compliance's is ignored.
    const { originalEffectiveDate: _sent, ...answers } = fields;
    fields = answers;
  }
  const form = await checkedForm(fields, partner, { renewal: Boolean(renews) });
  // The client it joins and the document it renews travel with the item to the checkout; a new
  // document names a document to renew only when it may renew it today (links.ts).
  const links = await checkedLinks(
    db,
    caller,
    { ...body.json, federalTaxId: form.federalTaxId },
    { today: productToday(deps.now()), strategicPartnerId, payingFor },
  );
  const original = stored ? stored.originalDocumentId : links.originalDocumentId;
  if (original) {
    const dated = await renewalEffectiveDate(db, {
      originalDocumentId: original,
      compliance,
      sent: form.originalEffectiveDate,
      stored: stored?.form.originalEffectiveDate,
    });
    if (dated.originalEffectiveDate) form.originalEffectiveDate = dated.originalEffectiveDate;
  }
  // A new document (or an invitation's, until it is bought) may not start before today.
  await checkedPlanYear(deps, caller, {
    form,
    renews: original,
    stored: stored ?? null,
    storedId: payingFor,
    clientId: links.clientId,
  });
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

/** A purchase locks the cart: no change until it has finished (its charge is the cart's total). */
export async function refuseWhilePurchasing(db: Kysely<Database>, userId: string): Promise<void> {
  if (await purchaseRunning(db, userId)) throw conflict(CART_MESSAGES.purchaseRunning);
}

/** A document is renewed once: a second cart item renewing it is refused (`except`: the one updated). */
async function refuseSecondRenewal(db: Kysely<Database>, item: CartItemWrite, except?: string) {
  const original = item.form.originalDocumentId;
  if (typeof original !== 'string') return;
  const other = await cartItemRenewing(db, item.userId, original);
  if (other && other !== except) throw new ValidationFailure([CART_MESSAGES.renewalInCart]);
}

/** An action item is paid for by one cart item: refuses another (`except`: the item being updated). */
async function refuseSecondItemOf(db: Kysely<Database>, actionItemId: string | null, except?: string) {
  if (!actionItemId) return;
  const existing = await cartItemOfActionItem(db, actionItemId);
  if (existing && existing !== except) throw new ValidationFailure([CART_MESSAGES.alreadyInCart]);
}

/** The owner of a cart item the route's policy let through (404 if it went meanwhile). */
async function ownerOf(db: Kysely<Database>, cartItemId: string): Promise<string> {
  const userId = await cartItemUser(db, cartItemId);
  if (!userId) throw notFound(CART_MESSAGES.notFound);
  return userId;
}

/**
 * Add to Cart (specs/2-documents.md §4 "Cart buttons"): the item checked and priced, refused while a
 * purchase runs, when its action item is in the cart already or its renewal is; answers the item.
 */
export async function addCartItem(
  deps: CartDeps,
  caller: Caller,
  body: CartItemBody,
): Promise<CartItemAnswer> {
  const { db } = deps;
  const item = await checkedCartItem(deps, caller, body);
  await refuseWhilePurchasing(db, item.userId);
  await refuseSecondItemOf(db, item.actionItemId);
  await refuseSecondRenewal(db, item);
  let cartItemId: string;
  try {
    cartItemId = await insertCartItem(db, item);
  } catch (error) {
    // Two at once: the unique index (migration 0011) lets one in.
    await refuseSecondItemOf(db, item.actionItemId);
    throw error;
  }
  return (await cartItemAnswer(db, cartItemId))!;
}

/**
 * Update Cart: the item's document and choices replaced, checked and priced again as Add to Cart's
 * (the item itself does not count as a second one); 404 when it was removed meanwhile.
 */
export async function updateCartItem(
  deps: CartDeps,
  caller: Caller,
  cartItemId: string,
  body: CartItemBody,
): Promise<CartItemAnswer> {
  const { db } = deps;
  const item = await checkedCartItem(deps, caller, body);
  await refuseWhilePurchasing(db, item.userId);
  await refuseSecondItemOf(db, item.actionItemId, cartItemId);
  await refuseSecondRenewal(db, item, cartItemId);
  await replaceCartItem(db, cartItemId, item);
  const answer = await cartItemAnswer(db, cartItemId);
  if (!answer) throw notFound(CART_MESSAGES.notFound); // removed meanwhile
  return answer;
}

/** Removes an item from the cart or the saved-for-later list (not while a purchase runs); the cart. */
export async function removeCartItem(deps: CartDeps, cartItemId: string): Promise<Cart> {
  const { db } = deps;
  const userId = await ownerOf(db, cartItemId);
  await refuseWhilePurchasing(db, userId);
  await deleteCartItem(db, cartItemId);
  return cartOf(db, userId);
}

/** Save for later (out of the totals; not while a purchase runs); the cart. */
export async function saveForLater(deps: CartDeps, cartItemId: string): Promise<Cart> {
  return moveCartItem(deps.db, cartItemId, 1);
}

/** Move a saved-for-later item back into the cart (not while a purchase runs); the cart. */
export async function moveToCart(deps: CartDeps, cartItemId: string): Promise<Cart> {
  return moveCartItem(deps.db, cartItemId, 0);
}

async function moveCartItem(db: Kysely<Database>, cartItemId: string, saved: 0 | 1): Promise<Cart> {
  const userId = await ownerOf(db, cartItemId);
  await refuseWhilePurchasing(db, userId);
  await setSavedForLater(db, cartItemId, saved);
  return cartOf(db, userId);
}

/**
 * The specs' doubled path `shopping-cart/{id}`: a user's cart (the policy found a user), or one cart
 * item and the url that reopens it; 404 when the item was removed since the policy looked.
 */
export async function cartOrItem(
  deps: CartDeps,
  target: { resource: string; id: string },
): Promise<Cart | CartItemAnswer> {
  const { resource, id } = target;
  if (resource === 'user') return cartOf(deps.db, id);
  const answer = await cartItemAnswer(deps.db, id);
  if (!answer) throw notFound(CART_MESSAGES.notFound);
  return answer;
}

/** The document a cart item holds; 404 when it was removed since the policy looked. */
export async function documentInCart(deps: CartDeps, cartItemId: string): Promise<CartDocument> {
  const found = await cartItemDocument(deps.db, cartItemId);
  if (!found) throw notFound(CART_MESSAGES.notFound);
  return found;
}
