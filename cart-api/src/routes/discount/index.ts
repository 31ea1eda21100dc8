import { wholeCents } from 'shared-domain';
import { notFound, Type, ValidationFailure, type FastifyPluginAsyncTypebox } from 'service-kit';
import { COMPLIANCE, RecordOrUserIdParams, SIGNED_IN } from '../../lib/contract.js';
import { PRODUCTS_MESSAGES } from '../../domain/products/messages.js';
import { productExists } from '../../domain/products/queries.js';
import { PROMO_CODES_MESSAGES } from '../../domain/promo-codes/messages.js';
import {
  appliedCodes,
  codeTaken,
  deleteDiscount,
  discountById,
  insertDiscount,
  listDiscounts,
  updateDiscount,
  type DiscountWrite,
} from '../../domain/promo-codes/queries.js';
import {
  AppliedCodesOrDiscount,
  Deleted,
  Discount,
  DiscountBody,
  DiscountIdParams,
  DiscountUpdateBody,
} from '../../contract/discount.js';

/** Promo codes (specs/1-foundation.md §7 Cart, 3-admin.md §7 Promo codes). */
const discount: FastifyPluginAsyncTypebox = async (app) => {
  /** The editor's body in the table's units, or every reason it cannot be saved. */
  async function checkedDiscount(body: DiscountBody, except?: string): Promise<DiscountWrite> {
    const problems: string[] = [];
    if ((body.percentage === null) === (body.amount === null))
      problems.push(PROMO_CODES_MESSAGES.oneOfAmounts);
    const amountCents = body.amount === null ? null : wholeCents(body.amount);
    const maxAmountCents = body.maxDollarAmount === null ? null : wholeCents(body.maxDollarAmount);
    if (amountCents === null && body.amount !== null) problems.push(PROMO_CODES_MESSAGES.amountWholeCents);
    if (maxAmountCents === null && body.maxDollarAmount !== null) {
      problems.push(PROMO_CODES_MESSAGES.maxAmountWholeCents);
    }
    if (body.endDate < body.startDate) problems.push(PROMO_CODES_MESSAGES.endBeforeStart);
    if (body.productId !== null && !(await productExists(app.db, body.productId))) {
      problems.push(PRODUCTS_MESSAGES.notFound);
    }
    if (await codeTaken(app.db, body.code, except))
      problems.push(PROMO_CODES_MESSAGES.codeTaken(body.code.trim()));
    if (problems.length > 0) throw new ValidationFailure(problems);
    return {
      code: body.code.trim(),
      percentage: body.percentage,
      amountCents,
      maxAmountCents,
      startDate: body.startDate,
      endDate: body.endDate,
      productId: body.productId,
      type: body.type,
    };
  }

  app.get(
    '',
    {
      config: { access: COMPLIANCE, ownership: 'none' },
      schema: { summary: 'Every promo code (the admin list)', response: { 200: Type.Array(Discount) } },
    },
    async () => listDiscounts(app.db),
  );

  // The specs' doubled path: `discount/{userId}` (the codes applied to that user's cart) and
  // `discount/{id}` (one promo code, compliance).
  app.get(
    '/:id',
    {
      config: {
        access: SIGNED_IN,
        ownership: { resource: ['discount', 'user'], action: 'read', param: 'id' },
      },
      schema: {
        summary: "The promo codes applied to a user's cart (by user id), or one promo code (by its id)",
        params: RecordOrUserIdParams,
        response: { 200: AppliedCodesOrDiscount },
      },
    },
    async (request) => {
      const { resource, id } = request.target!;
      if (resource === 'user') return appliedCodes(app.db, id);
      const found = await discountById(app.db, id);
      if (!found) throw notFound(PROMO_CODES_MESSAGES.notFound);
      return found;
    },
  );

  app.post(
    '',
    {
      config: { access: COMPLIANCE, ownership: 'none' },
      schema: { summary: 'Create a promo code', body: DiscountBody, response: { 200: Discount } },
    },
    async (request) => {
      const id = await insertDiscount(app.db, await checkedDiscount(request.body));
      return (await discountById(app.db, id))!;
    },
  );

  app.post(
    '/:id',
    {
      config: { access: COMPLIANCE, ownership: { resource: 'discount', action: 'write', param: 'id' } },
      schema: {
        summary: "Replace a promo code's terms (its usage stays)",
        params: DiscountIdParams,
        body: DiscountUpdateBody,
        response: { 200: Discount },
      },
    },
    async (request) => {
      const { id } = request.params;
      await updateDiscount(app.db, id, await checkedDiscount(request.body, id));
      const found = await discountById(app.db, id);
      if (!found) throw notFound(PROMO_CODES_MESSAGES.notFound); // deleted meanwhile
      return found;
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: COMPLIANCE, ownership: { resource: 'discount', action: 'delete', param: 'id' } },
      schema: {
        summary: 'Delete a promo code (carts lose it; paid orders keep their amounts)',
        params: DiscountIdParams,
        response: { 200: Deleted },
      },
    },
    async (request) => {
      await deleteDiscount(app.db, request.params.id);
      return { id: request.params.id, deleted: true as const };
    },
  );
};

export default discount;
