import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { COMMISSION_INCLUDED, EPOP_PRODUCT } from '../../../src/db/reference-data.js';
import { documentForm } from '../../helpers/documents.js';
import { seededTestApp, snapshot, type Account } from '../../helpers/parties.js';
import { achPayment } from '../../helpers/payments.js';
import type { TestContext } from '../../helpers/build.js';

/** Invitations to purchase (specs/2-documents.md §4 "Invite", §7 `POST action-item/document-invite`). */
describe('POST /action-item/document-invite and the invite it makes', () => {
  const suite = seededTestApp();

  const send: TestContext['send'] = (...request) => suite.ctx.send(...request);
  const invite = (overrides: Record<string, unknown> = {}) => ({
    firstname: 'Ivy',
    lastname: 'Invitee',
    email: `ivy.${Date.now()}.${Math.random().toString(36).slice(2)}@example.test`,
    companyName: 'Invited Dental',
    document: documentForm({ clientCompanyName: 'Invited Dental' }),
    attributes: [COMMISSION_INCLUDED.attribute_value_id],
    ...overrides,
  });
  /** The account identity-api made for an invitation's address. */
  const inviteeOf = (body: { email: string }): Account => ({
    userId: [...suite.ctx.identity.users.values()].find((user) => user.email === body.email)!.userId,
    roles: ['employer'],
  });
  /** The e-mails sent so far, as text. */
  const mails = async () => {
    const files = await readdir(suite.ctx.outboxDir).catch(() => []);
    const texts = await Promise.all(files.map((file) => readFile(join(suite.ctx.outboxDir, file), 'utf8')));
    // Quoted-printable soft line breaks joined back, and its escapes (`=3D` in a link's query) decoded.
    return texts.map((text) =>
      text
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
  };
  /** The token of the invitation link e-mailed to `email` (the last one). */
  const linkTokenTo = async (email: string) => {
    const mail = (await mails()).filter((text) => text.includes(email)).at(-1) ?? '';
    const token = /[?&](?:token|invitationToken)=([\w-]{43})/.exec(mail)?.[1];
    if (!token) throw new Error(`no invitation link in ${mail}`);
    return token;
  };
  /** `account` opens the invitation link e-mailed to `email` (README "Invitations"): it is theirs. */
  const claim = async (account: Account, email: string) => {
    const claimed = await send(account, 'POST', '/action-item/claim', { token: await linkTokenTo(email) });
    expect(claimed.statusCode).toBe(200);
    return claimed.json<{ actionItemId: string; documentId: string }>();
  };

  it("creates an Unpaid document, the invitee's action item and one e-mail with the setup link that claims it", async () => {
    const { brokerA } = suite.parties.accounts;
    const body = invite();
    const sent = await send(brokerA, 'POST', '/action-item/document-invite', body);
    expect(sent.statusCode).toBe(200);
    const { actionItemId, documentId } = sent.json<{ actionItemId: string; documentId: string }>();

    const [invited] = [...suite.ctx.identity.users.values()].filter((user) => user.email === body.email);
    expect(invited).toMatchObject({ firstName: 'Ivy', lastName: 'Invitee' });
    const invitee: Account = { userId: invited!.userId, roles: ['employer'] };
    // Nobody's until its link is opened (issue 21): not even the account made for the address.
    const before = (await send(invitee, 'GET', `/action-item/${invitee.userId}/pending`)).json<{
      today: unknown[];
    }>();
    expect(before.today).toEqual([]);
    expect(await claim(invitee, body.email)).toEqual({ actionItemId, documentId });

    const pending = (await send(invitee, 'GET', `/action-item/${invitee.userId}/pending`)).json<{
      today: { id: string; itemType: string; description: string }[];
    }>();
    expect(pending.today).toEqual([
      expect.objectContaining({ id: actionItemId, itemType: 'pop-document-invite' }),
    ]);
    expect(JSON.parse(pending.today[0]!.description)).toEqual({
      broker: expect.stringContaining('Invited Dental'),
      default: expect.stringContaining('Invited Dental'),
    });

    const document = await send(invitee, 'GET', `/epop-document/action-item/${actionItemId}`);
    expect(document.json()).toMatchObject({
      documentId,
      status: 'Unpaid',
      requiresPurchase: true,
      brokerId: brokerA.userId,
      form: { clientCompanyName: 'Invited Dental' },
    });
    // The broker keeps it (and finds the invite on it, to update); the invitee reaches it only through
    // their action item until they pay: an e-mail address opens no client to them.
    const brokers = await send(brokerA, 'GET', `/epop-document/${documentId}`);
    expect(brokers.json()).toMatchObject({ inviteActionItemId: actionItemId });
    expect((await send(invitee, 'GET', `/epop-document/${documentId}`)).statusCode).toBe(404);

    const mail = (await mails()).find((text) => text.includes(body.email));
    expect(mail).toContain('Subject: You have been invited to purchase your POP document');
    // One link: the setup of the account made for the address, which goes on to claim the invitation
    // (and the same token for an account the person already has). No link to the item itself.
    expect(mail).toMatch(
      /Set up your account and accept the invitation: \S+\/first-time-setup\/\S+\?invitationToken=[\w-]{43}/,
    );
    expect(mail).toMatch(/Sign in and accept it there: http:\/\/localhost:3000\/invitation\?token=[\w-]{43}/);
    expect(mail).toContain('the invitation and its document go to the account that accepts it first');
    expect(mail).not.toContain(`/document/action-item/${actionItemId}`);
  });

  it("lets the invitee add it to their cart at the inviter's price, once", async () => {
    const { brokerA } = suite.parties.accounts;
    const body = invite();
    const { actionItemId, documentId } = (
      await send(brokerA, 'POST', '/action-item/document-invite', body)
    ).json<{
      actionItemId: string;
      documentId: string;
    }>();
    const invitee = inviteeOf(body);
    await claim(invitee, body.email);
    const item = {
      productId: EPOP_PRODUCT.product_id,
      quantity: 1,
      actionItemId,
      attributes: [],
      json: body.document,
      userId: invitee.userId,
    };
    // The form shows the invite's price: the product as the inviter chose it.
    const product = await send(
      invitee,
      'GET',
      `/product/epop/${invitee.userId}?actionItemId=${actionItemId}`,
    );
    expect(product.json()).toMatchObject({
      price: 300,
      selectedAttributes: [COMMISSION_INCLUDED.attribute_value_id],
    });
    const stranger = await send(
      suite.parties.accounts.employerB,
      'GET',
      `/product/epop/${suite.parties.accounts.employerB.userId}?actionItemId=${actionItemId}`,
    );
    expect(stranger.statusCode).toBe(404);
    const added = await send(invitee, 'POST', '/shopping-cart', item);
    expect(added.statusCode).toBe(200);
    // The broker chose the commission: the invitee pays $300.00 although employers see $225.00.
    expect(added.json()).toMatchObject({ cartItem: { unitPrice: 300, documentId, actionItemId } });
    // The partner is the stored document's: none other can be named (a cheaper one, say).
    const otherPartner = await send(invitee, 'POST', '/shopping-cart', {
      ...item,
      strategicPartnerId: suite.parties.partnerId,
    });
    expect([otherPartner.statusCode, otherPartner.json()]).toEqual([
      400,
      { type: 'validation', errors: ['The strategic partner of this document cannot change'] },
    ]);
    const again = await send(invitee, 'POST', '/shopping-cart', item);
    expect([again.statusCode, again.json()]).toEqual([
      400,
      { type: 'validation', errors: ['This document is already in your cart: open it there to change it'] },
    ]);
  });

  it('is paid by the invitee: the document paid (Processing while the debit settles), the invite done, the invitee its client’s user, the broker reads the receipt', async () => {
    const { brokerA, brokerB } = suite.parties.accounts;
    const body = invite({
      document: documentForm({ clientCompanyName: 'Paid Invite Dental', city: 'Austin' }),
    });
    const { actionItemId, documentId } = (
      await send(brokerA, 'POST', '/action-item/document-invite', body)
    ).json<{
      actionItemId: string;
      documentId: string;
    }>();
    const invitee = inviteeOf(body);
    await claim(invitee, body.email);
    // The invitee reviewed it in the cart and changed the city: the paid document keeps that.
    const reviewed = { ...body.document, city: 'Round Rock' };
    const added = await send(invitee, 'POST', '/shopping-cart', {
      productId: EPOP_PRODUCT.product_id,
      quantity: 1,
      actionItemId,
      attributes: [],
      json: reviewed,
      userId: invitee.userId,
    });
    expect(added.statusCode).toBe(200);
    const paid = await send(
      invitee,
      'POST',
      `/shopping-cart/${invitee.userId}/purchase/ach`,
      achPayment({ email: body.email, nameOnAccount: 'Ivy Invitee' }),
    );
    const { success, orderId } = paid.json<{ success: boolean; orderId: string }>();
    expect(success).toBe(true);

    // Paid by a bank debit: the invite is done (it cannot be paid twice), the document Processing
    // until the debit settles (test/routes/shopping-cart/settlement.cases.ts).
    const pending = (await send(invitee, 'GET', `/action-item/${invitee.userId}/pending`)).json<{
      today: unknown[];
    }>();
    expect(pending.today).toEqual([]);
    const document = await send(invitee, 'GET', `/epop-document/${documentId}`);
    expect(document.json()).toMatchObject({
      documentId,
      status: 'Processing',
      isReadOnly: true,
      form: { city: 'Round Rock' },
    });
    expect((await send(brokerA, 'GET', `/order/${orderId}/receipt`)).statusCode).toBe(200);
    expect((await send(brokerB, 'GET', `/order/${orderId}/receipt`)).statusCode).toBe(404);
  });

  it('lets its assigned broker (only) update the invite', async () => {
    const { brokerA, brokerB } = suite.parties.accounts;
    const body = invite();
    const { actionItemId } = (await send(brokerA, 'POST', '/action-item/document-invite', body)).json<{
      actionItemId: string;
    }>();
    const invitee = inviteeOf(body);
    await claim(invitee, body.email);
    const changed = { ...body.document, city: 'Round Rock' };
    const updated = await send(brokerA, 'POST', `/epop-document/action-item/${actionItemId}`, changed);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ form: { city: 'Round Rock' }, status: 'Unpaid' });

    const before = await snapshot(suite.ctx.db);
    for (const other of [brokerB, invitee]) {
      const refused = await send(other, 'POST', `/epop-document/action-item/${actionItemId}`, changed);
      expect([refused.statusCode, refused.json()]).toEqual([404, { message: 'Action item not found' }]);
    }
    expect((await send(brokerB, 'GET', `/action-item/${actionItemId}`)).statusCode).toBe(404);
    expect(await snapshot(suite.ctx.db)).toEqual(before);
  });

  it('invites an existing account without a new one, to sign in and accept the link', async () => {
    const { employerA } = suite.parties.accounts;
    const known = suite.ctx.identity.add({ userId: crypto.randomUUID(), email: 'known.owner@example.test' });
    const sent = await send(
      employerA,
      'POST',
      '/action-item/document-invite',
      // An employer sees no commission option: they invite at the base price.
      invite({ email: 'Known.Owner@example.test', attributes: [] }),
    );
    expect(sent.statusCode).toBe(200);
    const { actionItemId } = sent.json<{ actionItemId: string }>();
    const owner = async () =>
      (
        await suite.ctx.db
          .selectFrom('action_item')
          .select('user_id')
          .where('action_item_id', '=', actionItemId)
          .executeTakeFirstOrThrow()
      ).user_id;
    // Not given to the account for its address (issue 21: the old behaviour was the defect).
    expect(await owner()).toBeNull();
    const mail = (await mails()).find((text) => text.includes('Known.Owner@example.test'));
    expect(mail).toContain('Sign in and accept the invitation: http://localhost:3000/invitation?token=');
    expect(mail).not.toContain('/first-time-setup/');
    await claim({ userId: known.userId, roles: ['employer'] }, 'Known.Owner@example.test');
    expect(await owner()).toBe(known.userId);
  });

  it('refuses bad input with the reasons, and stores and sends nothing', async () => {
    const { brokerA } = suite.parties.accounts;
    const before = await snapshot(suite.ctx.db);
    const mailsBefore = (await mails()).length;
    const cases: [Record<string, unknown>, string[]][] = [
      [{ firstname: '  ' }, ['First name is required']],
      [{ email: 'not-an-address' }, ['email must match format "email"']],
      [
        {
          document: documentForm({
            currentPlanYearStartDate: '2027-01-01',
            currentPlanYearEndDate: '2028-06-30',
          }),
        },
        ['Plan year cannot be greater than 12 months. Did you mean 01/01/2027 to 12/31/2027?'],
      ],
      [{ attributes: [crypto.randomUUID()] }, ['The chosen option is not available for this product']],
    ];
    for (const [overrides, errors] of cases) {
      const refused = await send(brokerA, 'POST', '/action-item/document-invite', invite(overrides));
      expect([refused.statusCode, refused.json()]).toEqual([400, { type: 'validation', errors }]);
    }
    expect(await snapshot(suite.ctx.db)).toEqual(before);
    expect((await mails()).length).toBe(mailsBefore);
  });
});
