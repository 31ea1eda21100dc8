import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { COMMISSION_INCLUDED, EPOP_PRODUCT } from '../../../src/db/reference-data.js';
import type { CardCharge, PaymentResult } from '../../../src/payments/gateway.js';
import { SandboxGateway } from '../../../src/payments/sandbox.js';
import { RULE_TYPE } from '../../../src/domain/partners/rules.js';
import { documentForm, exampleForm, planYearAfter } from '../../helpers/documents.js';
import { seededTestApp, type Account } from '../../helpers/parties.js';
import { cardPayment } from '../../helpers/payments.js';
import { companyRow, documentRow, partnerRuleRow } from '../../helpers/rows.js';

/** A sandbox whose charge runs `during` first: something another user does while the buyer pays. */
class GatewayWithPause extends SandboxGateway {
  during: (() => Promise<void>) | null = null;
  override async chargeCard(charge: CardCharge): Promise<PaymentResult> {
    const during = this.during;
    this.during = null;
    await during?.();
    return super.chargeCard(charge);
  }
}

/** The clock of these tests (the auto-renew scan's day): March 2nd, 2027 in New York. */
const NOW = new Date('2027-03-02T15:00:00Z');

/** What only compliance sets on a document (specs/2-documents.md §5, §6). */
const LOCKED = { accountId: 'E480111', accountIdSuffix: '001', agentNumber: 'AG7100', groupId: 'G-7' };
/** The same fields as a hostile buyer sends them, with another plan year. */
const CHANGED = {
  accountId: 'E999999',
  accountIdSuffix: '009',
  agentNumber: 'AG-EVIL',
  groupId: 'G-X',
};
const OTHER_PLAN_YEAR = { currentPlanYearStartDate: '2028-01-01', currentPlanYearEndDate: '2028-12-31' };

/**
 * The locked fields and the links, on every path that writes a document (issue 20): a cart item that
 * pays for a stored document (a repayment, an invitation, an auto-renew invoice) cannot change what
 * only compliance may, nor a purchased plan year, at Add to Cart or at the purchase; a client link is
 * checked again when the cart is bought.
 */
describe('locked fields and links at Add to Cart and at the purchase', () => {
  const gateway = new GatewayWithPause(0);
  const suite = seededTestApp(undefined, { now: () => NOW, payments: gateway });
  const db = () => suite.ctx.db;

  const stored = (documentId: string) =>
    db()
      .selectFrom('epop_document')
      .select(['status', 'active', 'plan_year_start', 'plan_year_end', 'json'])
      .where('document_id', '=', documentId)
      .executeTakeFirstOrThrow()
      .then((row) => ({ ...row, form: JSON.parse(row.json) as Record<string, unknown> }));

  const openItem = (userId: string, documentId: string) =>
    db()
      .selectFrom('action_item')
      .select('action_item_id')
      .where('user_id', '=', userId)
      .where('completed', '=', 0)
      .where('json', 'like', `%${documentId}%`)
      .executeTakeFirstOrThrow()
      .then((row) => row.action_item_id);

  const addToCart = (buyer: Account, json: Record<string, unknown>, actionItemId?: string) =>
    suite.ctx.send(buyer, 'POST', '/shopping-cart', {
      productId: EPOP_PRODUCT.product_id,
      quantity: 1,
      // The commission option is the brokers'.
      attributes: buyer.roles.includes('broker') ? [COMMISSION_INCLUDED.attribute_value_id] : [],
      json,
      userId: buyer.userId,
      ...(actionItemId ? { actionItemId } : {}),
    });

  const pay = (buyer: Account) =>
    suite.ctx.send(buyer, 'POST', `/shopping-cart/${buyer.userId}/purchase/card`, cardPayment());

  /** A cart item as an older release (or any other path) wrote it: the form is not re-checked. */
  const rewriteCartForm = async (buyer: Account, changes: Record<string, unknown>) => {
    const item = await db()
      .selectFrom('cart_item')
      .select(['cart_item_id', 'json'])
      .where('user_id', '=', buyer.userId)
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('cart_item')
      .set({ json: JSON.stringify({ ...JSON.parse(item.json), ...changes }) })
      .where('cart_item_id', '=', item.cart_item_id)
      .execute();
  };

  /** A new broker known to identity-api, with a Paid document holding the locked fields. */
  async function brokerWithDocument(overrides: Parameters<typeof documentRow>[2] = {}) {
    const broker: Account = { userId: randomUUID(), roles: ['broker'] };
    suite.ctx.identity.add({
      userId: broker.userId,
      role: 'broker',
      email: `${broker.userId.slice(0, 8)}@b.test`,
    });
    const client = companyRow(`Locked ${randomUUID().slice(0, 6)}`, { brokerUserId: broker.userId });
    await db().insertInto('company').values(client).execute();
    // The row's plan year (2027) in its answers too.
    const form = exampleForm({ clientCompanyName: client.name, ...LOCKED });
    const row = documentRow(broker.userId, client.company_id, { json: JSON.stringify(form), ...overrides });
    await db().insertInto('epop_document').values(row).execute();
    return { broker, documentId: row.document_id, clientId: client.company_id, form };
  }

  it('a repayment keeps the locked fields and the plan year: refused at Add to Cart, kept at the purchase', async () => {
    const { broker, documentId, form } = await brokerWithDocument();
    const off = await suite.ctx.send(
      suite.parties.accounts.compliance,
      'POST',
      `/epop-document/${documentId}/deactivate`,
      { reason: 'Card charged back', allowRepayment: true },
    );
    expect(off.json()).toMatchObject({ status: 'Unpaid' });
    const actionItemId = await openItem(broker.userId, documentId);

    const refused = await addToCart(broker, { ...form, ...CHANGED, ...OTHER_PLAN_YEAR }, actionItemId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: string[] }>().errors).toEqual([
      'Account id can only be changed by compliance',
      'Account id suffix can only be changed by compliance',
      'Agent number can only be changed by compliance',
      'Group id can only be changed by compliance',
      'The plan year of a purchased document can only be changed by compliance',
    ]);
    expect(
      await db()
        .selectFrom('cart_item')
        .select('cart_item_id')
        .where('user_id', '=', broker.userId)
        .execute(),
    ).toEqual([]);

    // The same answers go in; an item changed behind the route's back changes nothing either.
    expect((await addToCart(broker, form, actionItemId)).statusCode).toBe(200);
    await rewriteCartForm(broker, { ...CHANGED, ...OTHER_PLAN_YEAR, clientCompanyName: 'Renamed Co' });
    expect((await pay(broker)).json()).toMatchObject({ success: true });
    const after = await stored(documentId);
    expect(after).toMatchObject({
      status: 'Paid',
      active: 1,
      plan_year_start: '2027-01-01',
      plan_year_end: '2027-12-31',
    });
    // What the buyer may change (the company's name) is theirs; the locked fields are as they were.
    expect(after.form).toMatchObject({
      ...LOCKED,
      clientCompanyName: 'Renamed Co',
      currentPlanYearStartDate: '2027-01-01',
      currentPlanYearEndDate: '2027-12-31',
    });
  });

  it("an invitation keeps the inviter's locked fields; its plan year is the invitee's until it is bought", async () => {
    const { brokerA } = suite.parties.accounts;
    const email = `locked.${randomUUID().slice(0, 8)}@invite.test`;
    // A new document's plan year starts after the day it is ordered (on this suite's clock).
    const document = documentForm({
      clientCompanyName: 'Invited Locked Co',
      agentNumber: 'AG-INV',
      ...planYearAfter(NOW),
    });
    const sent = await suite.ctx.send(brokerA, 'POST', '/action-item/document-invite', {
      firstname: 'Ivy',
      lastname: 'Invitee',
      email,
      companyName: 'Invited Locked Co',
      document,
      attributes: [COMMISSION_INCLUDED.attribute_value_id],
    });
    expect(sent.statusCode).toBe(200);
    const { actionItemId, documentId } = sent.json<{ actionItemId: string; documentId: string }>();
    const invitee: Account = {
      userId: [...suite.ctx.identity.users.values()].find((user) => user.email === email)!.userId,
      roles: ['employer'],
    };
    // The invitee accepts the e-mailed link (README "Invitations"): the item is theirs from then on.
    const mails = await Promise.all(
      (await readdir(suite.ctx.outboxDir)).map((file) => readFile(join(suite.ctx.outboxDir, file), 'utf8')),
    );
    // Quoted-printable: soft line breaks joined, `=3D` read as `=`.
    const mail = mails
      .map((text) => text.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .find((text) => text.includes(email));
    const token = /invitationToken=([\w-]{43})/.exec(mail ?? '')?.[1];
    expect((await suite.ctx.send(invitee, 'POST', '/action-item/claim', { token })).statusCode).toBe(200);

    const refused = await addToCart(invitee, { ...document, agentNumber: 'AG-EVIL' }, actionItemId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: string[] }>().errors).toEqual([
      'Agent number can only be changed by compliance',
    ]);

    expect((await addToCart(invitee, { ...document, ...OTHER_PLAN_YEAR }, actionItemId)).statusCode).toBe(
      200,
    );
    await rewriteCartForm(invitee, { agentNumber: 'AG-EVIL', groupId: 'G-X' });
    expect((await pay(invitee)).json()).toMatchObject({ success: true });
    const after = await stored(documentId);
    expect(after).toMatchObject({
      status: 'Paid',
      plan_year_start: '2028-01-01',
      plan_year_end: '2028-12-31',
    });
    expect(after.form.agentNumber).toBe('AG-INV');
    expect(after.form.groupId).toBeUndefined();
  });

  it('an auto-renew invoice carries the locked fields, and paying it cannot change them', async () => {
    const partner = companyRow(`Renewing ${randomUUID().slice(0, 6)}`, { kind: 'strategic-partner' });
    await db().insertInto('company').values(partner).execute();
    await db()
      .insertInto('partner_rule')
      .values(partnerRuleRow(partner.company_id, RULE_TYPE.autoRenew, { daysPrior: 5 }, { createdAt: NOW }))
      .execute();
    const { broker, documentId } = await brokerWithDocument({
      strategic_partner_id: partner.company_id,
      plan_year_start: '2026-03-06',
      plan_year_end: '2027-03-05',
    });
    await db()
      .updateTable('epop_document')
      .set({
        json: JSON.stringify(
          documentForm({
            clientCompanyName: 'Renewed Locked Co',
            ...LOCKED,
            currentPlanYearStartDate: '2026-03-06',
            currentPlanYearEndDate: '2027-03-05',
          }),
        ),
      })
      .where('document_id', '=', documentId)
      .execute();
    await suite.ctx.app.jobs.enqueueReminderScan();
    await suite.ctx.app.jobs.runner.runDue();
    const renewal = await db()
      .selectFrom('epop_document')
      .select('document_id')
      .where('original_document_id', '=', documentId)
      .executeTakeFirstOrThrow();
    const invoice = await stored(renewal.document_id);
    expect(invoice.form).toMatchObject({ ...LOCKED, originalDocumentId: documentId });

    const actionItemId = await openItem(broker.userId, renewal.document_id);
    const opened = await suite.ctx.send(broker, 'GET', `/epop-document/action-item/${actionItemId}`);
    const form = opened.json<{ form: Record<string, unknown> }>().form;
    const refused = await addToCart(broker, { ...form, agentNumber: 'AG-EVIL' }, actionItemId);
    expect(refused.json<{ errors: string[] }>().errors).toEqual([
      'Agent number can only be changed by compliance',
    ]);
    expect((await addToCart(broker, form, actionItemId)).statusCode).toBe(200);
    await rewriteCartForm(broker, { ...CHANGED, originalDocumentId: null });
    expect((await pay(broker)).json()).toMatchObject({ success: true });
    expect((await stored(renewal.document_id)).form).toMatchObject({
      ...LOCKED,
      originalDocumentId: documentId,
    });
  });

  describe('an employer removed from a company', () => {
    /** employerA with one new document for their company in the cart (the party's own item out). */
    async function employerWithSavedItem() {
      const { accounts, records } = suite.parties;
      const employer = accounts.employerA;
      await db().deleteFrom('cart_item').where('user_id', '=', employer.userId).execute();
      await db()
        .insertInto('company_user')
        .values({
          company_id: records.employerA.companyId,
          user_id: employer.userId,
          created_at: NOW.toISOString(),
        })
        .onConflict((oc) => oc.columns(['company_id', 'user_id']).doNothing())
        .execute();
      const added = await addToCart(
        employer,
        documentForm({
          clientCompanyName: 'employerA Company',
          clientId: records.employerA.companyId,
          ...planYearAfter(NOW),
        }),
      );
      expect(added.statusCode).toBe(200);
      return { employer, companyId: records.employerA.companyId };
    }

    const links = (companyId: string, userId: string) =>
      db()
        .selectFrom('company_user')
        .select('user_id')
        .where('company_id', '=', companyId)
        .where('user_id', '=', userId)
        .execute();
    const removeLink = async (companyId: string, userId: string) => {
      const removed = await suite.ctx.send(
        suite.parties.accounts.compliance,
        'DELETE',
        `/company/${companyId}/user/${userId}`,
      );
      expect(removed.statusCode).toBe(204);
    };
    const ordersOf = (userId: string) =>
      db().selectFrom('orders').select('order_id').where('user_id', '=', userId).execute();

    it('cannot buy a saved item for it: refused before the charge, and the link does not come back', async () => {
      const { employer, companyId } = await employerWithSavedItem();
      await removeLink(companyId, employer.userId);
      const charges = gateway.records.length;
      const orders = (await ordersOf(employer.userId)).length;

      const refused = await pay(employer);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ errors: string[] }>().errors).toEqual([
        'POP Document - employerA Company is for a client you are no longer linked to: remove it from your cart',
      ]);
      expect(gateway.records).toHaveLength(charges);
      expect(await ordersOf(employer.userId)).toHaveLength(orders);
      expect(await links(companyId, employer.userId)).toEqual([]);
    });

    it('removed while the payment runs: the order is not placed, the payment refunded, no link', async () => {
      const { employer, companyId } = await employerWithSavedItem();
      const orders = (await ordersOf(employer.userId)).length;
      gateway.during = () => removeLink(companyId, employer.userId);

      const answer = await pay(employer);
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({
        message:
          'Your order could not be completed (POP Document - employerA Company is for a client you are no longer linked to: remove it from your cart); your payment has been refunded.',
      });
      expect(gateway.records.slice(-2).map((record) => record.kind)).toEqual(['card', 'refund']);
      expect(await ordersOf(employer.userId)).toHaveLength(orders);
      expect(await links(companyId, employer.userId)).toEqual([]);
    });
  });
});
