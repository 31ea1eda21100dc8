import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { COMMISSION_INCLUDED, EPOP_PRODUCT } from '../../../src/db/reference-data.js';
import { RULE_TYPE } from '../../../src/domain/partners/rules.js';
import { documentForm } from '../../helpers/documents.js';
import { makePartnerUser } from '../../helpers/entitlement.js';
import { seededTestApp, snapshot, type Account } from '../../helpers/parties.js';
import { cardPayment } from '../../helpers/payments.js';
import { companyRow, documentRow, partnerRuleRow } from '../../helpers/rows.js';

/** The clock of these tests: November 28th, 2026, 10:00 in New York. */
const NOW = new Date('2026-11-28T15:00:00Z');
let clock = NOW;

/** A plan year of the form from `start` to `end`. */
const planYear = (start: string, end: string) => ({
  currentPlanYearStartDate: start,
  currentPlanYearEndDate: end,
});
/** Starting yesterday in New York; starting on the first of next month. */
const YESTERDAY = planYear('2026-11-27', '2027-11-26');
const NEXT_MONTH = planYear('2026-12-01', '2027-11-30');
const STARTED_YESTERDAY =
  'Plan Year Start Date cannot be before today (11/28/2026): a plan cannot be adopted retroactively. ' +
  'Start the plan year on or after 11/28/2026, for example a short plan year 12/01/2026 - 11/26/2027.';
const AMENDED_YESTERDAY =
  'Amendment Effective Date cannot be before today (11/28/2026): an amendment cannot be adopted ' +
  'retroactively. Make it effective on or after 11/28/2026, for example 12/01/2026.';
const validation = (...errors: string[]) => ({ type: 'validation', errors });

/**
 * No retroactive adoption (issue 22 item 3; ../shared/domain/plan-documents.md "Decision"): a new
 * document whose plan year or amendment starts before the day it is ordered (New York's day) is refused
 * on every path that makes one, with a short plan year from a later start to choose; compliance may
 * override with a reason, recorded with the document; a document bought once keeps its own dates.
 */
describe('a plan year that starts before the day it is ordered', () => {
  const suite = seededTestApp(undefined, { now: () => clock });
  const db = () => suite.ctx.db;
  const send = (account: Account, method: 'GET' | 'POST', url: string, payload?: object) =>
    suite.ctx.send(account, method, url, payload);

  const cartItem = (buyer: Account, json: Record<string, unknown>, actionItemId?: string) => ({
    productId: EPOP_PRODUCT.product_id,
    quantity: 1,
    attributes: buyer.roles.includes('broker') ? [COMMISSION_INCLUDED.attribute_value_id] : [],
    json,
    userId: buyer.userId,
    ...(actionItemId ? { actionItemId } : {}),
  });
  const addToCart = (buyer: Account, json: Record<string, unknown>, actionItemId?: string) =>
    send(buyer, 'POST', '/shopping-cart', cartItem(buyer, json, actionItemId));
  const invite = (
    inviter: Account,
    document: Record<string, unknown>,
    email = `ivy.${randomUUID().slice(0, 8)}@example.test`,
  ) =>
    send(inviter, 'POST', '/action-item/document-invite', {
      firstname: 'Ivy',
      lastname: 'Invitee',
      email,
      companyName: 'Invited Dental',
      document,
      attributes: inviter.roles.includes('broker') ? [COMMISSION_INCLUDED.attribute_value_id] : [],
    });
  /** The account made for an invitation's address opens the link e-mailed to it: the invitation is theirs. */
  async function claimedBy(email: string): Promise<Account> {
    const invitee: Account = {
      userId: [...suite.ctx.identity.users.values()].find((user) => user.email === email)!.userId,
      roles: ['employer'],
    };
    const files = await readdir(suite.ctx.outboxDir);
    const mails = await Promise.all(files.map((file) => readFile(join(suite.ctx.outboxDir, file), 'utf8')));
    // Quoted-printable: soft line breaks joined, `=3D` read as `=`.
    const mail = mails
      .map((text) => text.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .find((text) => text.includes(email));
    const token = /invitationToken=([\w-]{43})/.exec(mail ?? '')?.[1];
    expect((await send(invitee, 'POST', '/action-item/claim', { token })).statusCode).toBe(200);
    return invitee;
  }
  /** A buyer of their own, with an empty cart. */
  function newBroker(): Account {
    const broker: Account = { userId: randomUUID(), roles: ['broker'] };
    suite.ctx.identity.add({
      userId: broker.userId,
      role: 'broker',
      email: `${broker.userId.slice(0, 8)}@b.test`,
    });
    return broker;
  }

  it('answers Add to Cart 400 naming the plan year when it starts yesterday (New York), and 200 from the first of next month', async () => {
    const broker = newBroker();
    const before = await snapshot(db());
    const refused = await addToCart(broker, documentForm(YESTERDAY));
    expect([refused.statusCode, refused.json()]).toEqual([400, validation(STARTED_YESTERDAY)]);
    expect(await snapshot(db())).toEqual(before);

    const added = await addToCart(broker, documentForm(NEXT_MONTH));
    expect(added.statusCode).toBe(200);
    // Today itself is not before today.
    expect(
      (await addToCart(newBroker(), documentForm(planYear('2026-11-28', '2027-11-27')))).statusCode,
    ).toBe(200);
    // The offer runs twelve months from the first of next month when the plan year ends before it.
    const ended = await addToCart(newBroker(), documentForm(planYear('2026-01-01', '2026-11-30')));
    expect(ended.json<{ errors: string[] }>().errors).toEqual([
      expect.stringContaining('for example the plan year 12/01/2026 - 11/30/2027.'),
    ]);
  });

  it("counts the day in New York: at 22:30 there, UTC's next day, a plan year may still start that day", async () => {
    clock = new Date('2026-11-29T03:30:00Z');
    try {
      expect(
        (await addToCart(newBroker(), documentForm(planYear('2026-11-28', '2027-11-27')))).statusCode,
      ).toBe(200);
      const refused = await addToCart(newBroker(), documentForm(YESTERDAY));
      expect(refused.json()).toEqual(validation(STARTED_YESTERDAY));
    } finally {
      clock = NOW;
    }
  });

  it('refuses an amendment effective yesterday, and Update Cart to a plan year that has started', async () => {
    const broker = newBroker();
    const amendment = {
      amendmentToOriginal: true,
      originalEffectiveDate: '2020-01-01',
      amendmentEffectiveDate: '2026-11-27',
    };
    const refused = await addToCart(broker, documentForm({ ...NEXT_MONTH, ...amendment }));
    expect([refused.statusCode, refused.json()]).toEqual([400, validation(AMENDED_YESTERDAY)]);
    // An amendment's effective date is the one checked, not its plan year's start (a mid-year amendment).
    const both = await addToCart(broker, documentForm({ ...YESTERDAY, ...amendment }));
    expect(both.json()).toEqual(validation(AMENDED_YESTERDAY));

    const added = await addToCart(
      broker,
      documentForm({ ...NEXT_MONTH, ...amendment, amendmentEffectiveDate: '2026-12-01' }),
    );
    expect(added.statusCode).toBe(200);
    const { cartItemId } = added.json<{ cartItem: { cartItemId: string } }>().cartItem;
    const updated = await send(
      broker,
      'POST',
      `/shopping-cart/${cartItemId}`,
      cartItem(broker, documentForm(YESTERDAY)),
    );
    expect([updated.statusCode, updated.json()]).toEqual([400, validation(STARTED_YESTERDAY)]);
  });

  it('takes an amendment from its effective date: a mid-year amendment of a plan year that has started is accepted, one outside the plan year refused', async () => {
    const broker = newBroker();
    const midYear = {
      ...planYear('2026-01-01', '2026-12-31'),
      amendmentToOriginal: true,
      originalEffectiveDate: '2019-01-01',
    };
    const accepted = await addToCart(
      broker,
      documentForm({ ...midYear, amendmentEffectiveDate: '2026-12-01' }),
    );
    expect(accepted.statusCode).toBe(200);
    const outside = await addToCart(
      newBroker(),
      documentForm({ ...midYear, amendmentEffectiveDate: '2027-01-01' }),
    );
    expect([outside.statusCode, outside.json()]).toEqual([
      400,
      validation(
        'Amendment Effective Date must be within the plan year (01/01/2026 - 12/31/2026): an amendment takes ' +
          'effect during the plan year it amends.',
      ),
    ]);
  });

  it('refuses it on every other path that makes a new document: an invite, a free document, a bypass partner’s save', async () => {
    const { brokerA, compliance } = suite.parties.accounts;
    const before = await snapshot(db());
    const invited = await invite(brokerA, documentForm(YESTERDAY));
    expect([invited.statusCode, invited.json()]).toEqual([400, validation(STARTED_YESTERDAY)]);
    const free = await send(compliance, 'POST', `/epop-document/${brokerA.userId}`, documentForm(YESTERDAY));
    expect([free.statusCode, free.json()]).toEqual([400, validation(STARTED_YESTERDAY)]);

    const bypass = companyRow('Bypass Plan Years', { kind: 'strategic-partner' });
    await db().insertInto('company').values(bypass).execute();
    await db()
      .insertInto('partner_rule')
      .values(partnerRuleRow(bypass.company_id, RULE_TYPE.bypassShoppingCart, { bypass: true }))
      .execute();
    const broker = newBroker();
    await makePartnerUser(db(), bypass.company_id, broker.userId);
    const refusedSave = await send(broker, 'POST', `/epop-document/${broker.userId}`, {
      ...documentForm(YESTERDAY),
      strategicPartnerId: bypass.company_id,
    });
    expect([refusedSave.statusCode, refusedSave.json()]).toEqual([400, validation(STARTED_YESTERDAY)]);
    await db().deleteFrom('partner_rule').where('company_id', '=', bypass.company_id).execute();
    await db().deleteFrom('company_user').where('company_id', '=', bypass.company_id).execute();
    await db().deleteFrom('company').where('company_id', '=', bypass.company_id).execute();
    expect(await snapshot(db())).toEqual(before);
  });

  it('lets compliance override it with a reason, recorded with the document; no one else may give one', async () => {
    const { brokerA, compliance } = suite.parties.accounts;
    const reason = 'Plan adopted in writing on 11/01/2026; the document records it late';
    const refused = await send(compliance, 'POST', `/epop-document/${brokerA.userId}`, {
      ...documentForm(YESTERDAY),
      retroactiveReason: '   ',
    });
    expect(refused.statusCode).toBe(400);

    const created = await send(compliance, 'POST', `/epop-document/${brokerA.userId}`, {
      ...documentForm({ ...YESTERDAY, clientCompanyName: 'Late Adopter Co' }),
      retroactiveReason: reason,
    });
    expect(created.statusCode).toBe(200);
    const { documentId, clientId } = created.json<{ documentId: string; clientId: string }>();
    expect(
      await db()
        .selectFrom('epop_document')
        .select(['plan_year_start', 'retroactive_reason', 'retroactive_reason_by', 'retroactive_reason_at'])
        .where('document_id', '=', documentId)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      plan_year_start: '2026-11-27',
      retroactive_reason: reason,
      retroactive_reason_by: compliance.userId,
      retroactive_reason_at: NOW.toISOString(),
    });
    // Compliance reads it with the document (and the change log says so); its owner does not.
    expect((await send(compliance, 'GET', `/epop-document/${documentId}`)).json()).toMatchObject({
      retroactiveReason: { reason, by: compliance.userId, at: NOW.toISOString() },
    });
    expect((await send(brokerA, 'GET', `/epop-document/${documentId}`)).json()).toMatchObject({
      retroactiveReason: null,
    });
    const log = (await send(compliance, 'GET', `/client/${clientId}/change-log`)).json<
      { description: string }[]
    >();
    expect(log.map((row) => row.description)).toContainEqual(
      expect.stringContaining(`allowed by compliance: ${reason}`),
    );

    // A reason from anyone else is refused, needed or not; a cart item carries none.
    const broker = newBroker();
    const fromBroker = await invite(broker, { ...documentForm(NEXT_MONTH), retroactiveReason: reason });
    expect(fromBroker.json()).toEqual(
      validation('Only compliance can record a reason for a plan year or amendment that starts before today'),
    );
    const inCart = await addToCart(broker, { ...documentForm(NEXT_MONTH), retroactiveReason: reason });
    expect(inCart.json()).toEqual(
      validation(
        'A reason for a plan year or amendment that starts before today is recorded by compliance on a free document or an invitation, not on a cart item',
      ),
    );
  });

  it("holds for an invitation's document until it is bought: its update, its purchase; compliance's reason covers its dates", async () => {
    const { brokerA, compliance } = suite.parties.accounts;
    const sent = await invite(brokerA, documentForm(NEXT_MONTH));
    expect(sent.statusCode).toBe(200);
    const { actionItemId, documentId } = sent.json<{ actionItemId: string; documentId: string }>();
    const update = await send(
      brokerA,
      'POST',
      `/epop-document/action-item/${actionItemId}`,
      documentForm(YESTERDAY),
    );
    expect([update.statusCode, update.json()]).toEqual([400, validation(STARTED_YESTERDAY)]);

    // Compliance invites with a plan year that has started, giving the reason: the invitee buys it as it is.
    const reason = 'Board resolution dated 11/20/2026';
    const email = `late.${randomUUID().slice(0, 8)}@example.test`;
    const overridden = await invite(
      compliance,
      { ...documentForm(YESTERDAY), retroactiveReason: reason },
      email,
    );
    expect(overridden.statusCode).toBe(200);
    const invitation = overridden.json<{ actionItemId: string; documentId: string }>();
    const invitee = await claimedBy(email);
    const opened = (
      await send(invitee, 'GET', `/epop-document/action-item/${invitation.actionItemId}`)
    ).json<{
      form: Record<string, unknown>;
      currentPlanYearStartDate: string;
    }>();
    expect(opened.currentPlanYearStartDate).toBe('2026-11-27');
    expect((await addToCart(invitee, opened.form, invitation.actionItemId)).statusCode).toBe(200);
    const paid = await send(invitee, 'POST', `/shopping-cart/${invitee.userId}/purchase/card`, cardPayment());
    expect(paid.statusCode).toBe(200);
    // The reason covered those dates only: the first invitation, moved into the past, has none.
    expect(documentId).not.toBe(invitation.documentId);
  });

  it("clears compliance's recorded reason (with who and when) once a save moves the dates to ones that need none", async () => {
    const { compliance } = suite.parties.accounts;
    const reason = 'Adopted by the board on 11/20/2026';
    const sent = await invite(compliance, { ...documentForm(YESTERDAY), retroactiveReason: reason });
    expect(sent.statusCode).toBe(200);
    const { documentId } = sent.json<{ documentId: string }>();
    const recorded = () =>
      db()
        .selectFrom('epop_document')
        .select(['retroactive_reason', 'retroactive_reason_by', 'retroactive_reason_at'])
        .where('document_id', '=', documentId)
        .executeTakeFirstOrThrow();
    // A save that keeps the dates keeps the reason: it still covers them.
    expect(
      (await send(compliance, 'POST', `/epop-document/${documentId}`, { city: 'Dallas' })).statusCode,
    ).toBe(200);
    expect(await recorded()).toMatchObject({ retroactive_reason: reason });

    const moved = await send(compliance, 'POST', `/epop-document/${documentId}`, NEXT_MONTH);
    expect(moved.statusCode).toBe(200);
    expect(await recorded()).toEqual({
      retroactive_reason: null,
      retroactive_reason_by: null,
      retroactive_reason_at: null,
    });
    expect(moved.json()).toMatchObject({ retroactiveReason: null });
    const { clientId } = moved.json<{ clientId: string }>();
    const log = (await send(compliance, 'GET', `/client/${clientId}/change-log`)).json<
      { description: string }[]
    >();
    expect(log[0]?.description).toContain(
      "compliance's reason for a plan year or amendment starting before the day it was ordered removed",
    );
  });

  it('refuses the purchase of a cart item whose plan year has started since it was added', async () => {
    const broker = newBroker();
    expect(
      (await addToCart(broker, documentForm({ ...NEXT_MONTH, clientCompanyName: 'Slow Buyer Co' })))
        .statusCode,
    ).toBe(200);
    clock = new Date('2026-12-02T15:00:00Z');
    try {
      const before = await snapshot(db());
      const refused = await send(
        broker,
        'POST',
        `/shopping-cart/${broker.userId}/purchase/card`,
        cardPayment(),
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ errors: string[] }>().errors).toEqual([
        'POP Document - Slow Buyer Co: Plan Year Start Date cannot be before today (12/02/2026): a plan cannot be ' +
          'adopted retroactively. Start the plan year on or after 12/02/2026, for example a short plan year ' +
          '01/01/2027 - 11/30/2027. Change it in your cart (Update Cart).',
      ]);
      expect(await snapshot(db())).toEqual(before);
    } finally {
      clock = NOW;
    }
  });

  it('keeps the dates of a document bought before: its edits are not refused', async () => {
    const { brokerA } = suite.parties.accounts;
    const { records } = suite.parties;
    const form = documentForm({ ...planYear('2026-01-01', '2026-12-31'), clientCompanyName: 'Older Co' });
    const row = documentRow(brokerA.userId, records.brokerA.companyId, {
      json: JSON.stringify(form),
      plan_year_start: '2026-01-01',
      plan_year_end: '2026-12-31',
    });
    await db().insertInto('epop_document').values(row).execute();
    const saved = await send(brokerA, 'POST', `/epop-document/${row.document_id}`, {
      ...form,
      city: 'Dallas',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ currentPlanYearStartDate: '2026-01-01', form: { city: 'Dallas' } });
  });
});
