import { ValidationFailure, type FastifyPluginAsyncTypebox } from 'service-kit';
import { achPaymentProblems, cardBrand, cardPaymentProblems } from 'shared-domain/forms';
import { BUYERS, UserIdParams } from '../../lib/contract.js';
import { purchaseCart, type PurchaseDeps } from '../../domain/purchase/purchase.js';
import { AchPayment, CardPayment, FreePurchase, PaymentAnswer } from '../../contract/shopping-cart.js';

/**
 * The purchase (specs/1-foundation.md §4 "Checkout", issue 10 "Payments"): card, ACH, or free for a
 * zero total; each route checks its form and calls `purchaseCart` (domain/purchase/purchase.ts).
 */
const purchase: FastifyPluginAsyncTypebox = async (app) => {
  const deps = (): PurchaseDeps => ({
    db: app.db,
    payments: app.payments,
    identity: app.identity,
    jobs: app.jobs,
    log: app.log,
    now: () => app.now(),
  });

  const owner = {
    access: BUYERS,
    ownership: { resource: 'user', action: 'write', param: 'userId' },
  } as const;

  app.post(
    '/:userId/purchase/card',
    {
      config: owner,
      schema: {
        summary: "Pay the caller's cart by card: the server's total, charged once",
        params: UserIdParams,
        body: CardPayment,
        response: { 200: PaymentAnswer },
      },
    },
    async (request) => {
      const problems = await cardPaymentProblems(request.body, app.now());
      if (problems.length > 0) throw new ValidationFailure(problems);
      const brand = cardBrand(request.body.cardNumber)!;
      return purchaseCart(
        deps(),
        request.caller!,
        request.params.userId,
        { kind: 'card', body: request.body, brand },
        request.body.expectedTotal,
      );
    },
  );

  app.post(
    '/:userId/purchase/ach',
    {
      config: owner,
      schema: {
        summary: "Pay the caller's cart from a bank account (ACH): the server's total, debited once",
        params: UserIdParams,
        body: AchPayment,
        response: { 200: PaymentAnswer },
      },
    },
    async (request) => {
      const problems = await achPaymentProblems(request.body);
      if (problems.length > 0) throw new ValidationFailure(problems);
      return purchaseCart(
        deps(),
        request.caller!,
        request.params.userId,
        { kind: 'ach', body: request.body },
        request.body.expectedTotal,
      );
    },
  );

  app.post(
    '/:userId/purchase/free',
    {
      config: owner,
      schema: {
        summary: "Complete the caller's order when its total is zero (a non-zero cart answers 400)",
        params: UserIdParams,
        body: FreePurchase,
        response: { 200: PaymentAnswer },
      },
    },
    async (request) =>
      purchaseCart(
        deps(),
        request.caller!,
        request.params.userId,
        { kind: 'free' },
        request.body.expectedTotal,
      ),
  );
};

export default purchase;
