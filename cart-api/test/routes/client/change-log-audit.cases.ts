import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { COMMISSION_INCLUDED, EPOP_PRODUCT } from '../../../src/db/reference-data.js';
import { formatIsoDate } from 'shared-domain';
import { documentForm, planYearAfter } from '../../helpers/documents.js';
import { seededTestApp, type Account } from '../../helpers/parties.js';
import { cardPayment } from '../../helpers/payments.js';

/**
 * "Every change to a client or its documents writes a change-log row" (issue 12, specs/3-admin.md §2
 * Clients): the writes of the order form, the checkout and the document pages, each read back
 * through GET client/{clientId}/change-log as the admin client page shows it.
 */
describe("the client's change log", () => {
  const suite = seededTestApp();
  // The test documents' plan year (documentForm's: after the day they are ordered).
  const { currentPlanYearStartDate: start, currentPlanYearEndDate: end } = planYearAfter();
  const PLAN_YEAR = `POP Document (plan year ${formatIsoDate(start)} - ${formatIsoDate(end)})`;

  const changeLog = async (clientId: string) =>
    (await suite.ctx.send(suite.parties.accounts.compliance, 'GET', `/client/${clientId}/change-log`)).json<
      { user: string; description: string }[]
    >();
  const descriptions = async (clientId: string) => (await changeLog(clientId)).map((row) => row.description);

  /** Compliance's 'Create Free Document' for broker B: a new client company. */
  async function freeDocument() {
    const { compliance, brokerB } = suite.parties.accounts;
    const clientCompanyName = `Audit Dental ${randomUUID().slice(0, 6)}`;
    const created = await suite.ctx.send(
      compliance,
      'POST',
      `/epop-document/${brokerB.userId}`,
      documentForm({ clientCompanyName }),
    );
    expect(created.statusCode).toBe(200);
    return { ...created.json<{ documentId: string; clientId: string }>(), clientCompanyName };
  }

  it('lists changes written within one millisecond in the order they were written, newest first', async () => {
    const { logChange } = await import('../../../src/domain/clients/change-log.js');
    const { clientId } = await freeDocument();
    const caller = { userId: suite.parties.accounts.compliance.userId, username: 'compliance' };
    // Fifty in a row take well under a millisecond each: ties of the clock's time are the rule here.
    const written = Array.from({ length: 50 }, (_, index) => `Burst change ${index}`);
    for (const description of written)
      await logChange(suite.ctx.db, { companyId: clientId, caller, description });
    const listed = (await descriptions(clientId)).filter((text) => text.startsWith('Burst change'));
    expect(listed).toEqual([...written].reverse());
  });

  it('logs a created document and each save that changes it, naming the fields', async () => {
    const { compliance } = suite.parties.accounts;
    const { documentId, clientId, clientCompanyName } = await freeDocument();
    expect(await changeLog(clientId)).toEqual([
      expect.objectContaining({
        user: compliance.userId,
        description: `${PLAN_YEAR} created without a purchase`,
      }),
    ]);

    const saved = await suite.ctx.send(
      compliance,
      'POST',
      `/epop-document/${documentId}`,
      documentForm({ clientCompanyName, phone: '(555) 555-0199', city: 'Bangor' }),
    );
    expect(saved.statusCode).toBe(200);
    // The same answers again: nothing changed, no row.
    await suite.ctx.send(
      compliance,
      'POST',
      `/epop-document/${documentId}`,
      documentForm({ clientCompanyName, phone: '(555) 555-0199', city: 'Bangor' }),
    );
    expect(await descriptions(clientId)).toEqual([
      `${PLAN_YEAR} saved: city, phone changed`,
      `${PLAN_YEAR} created without a purchase`,
    ]);
  });

  it("logs compliance's note and a Send to Self", async () => {
    const { compliance } = suite.parties.accounts;
    const { documentId, clientId } = await freeDocument();
    expect(
      (await suite.ctx.send(compliance, 'POST', `/epop-document/${documentId}/note`, { notes: 'Called' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await suite.ctx.send(compliance, 'POST', `/epop-document/${documentId}/email/send-self`, {}))
        .statusCode,
    ).toBe(200);
    expect((await descriptions(clientId)).slice(0, 2)).toEqual([
      `${PLAN_YEAR} e-mailed to ${compliance.userId} (Send to Self)`,
      `Note on ${PLAN_YEAR} updated`,
    ]);
  });

  it('logs the company users added and removed, by username', async () => {
    const { compliance } = suite.parties.accounts;
    const { clientId } = await freeDocument();
    const user = suite.ctx.identity.add({
      userId: randomUUID(),
      userName: 'sam.employer',
      email: 'sam@example.com',
    });
    const url = `/company/${clientId}/user/${user.userId}`;
    expect((await suite.ctx.send(compliance, 'POST', url, {})).statusCode).toBe(200);
    expect((await suite.ctx.send(compliance, 'POST', url, {})).statusCode).toBe(200); // again: no row
    expect((await suite.ctx.send(compliance, 'DELETE', url)).statusCode).toBe(204);
    expect((await suite.ctx.send(compliance, 'DELETE', url)).statusCode).toBe(204); // again: no row
    expect((await descriptions(clientId)).slice(0, 3)).toEqual([
      'User sam.employer (sam@example.com) removed from the company',
      'User sam.employer (sam@example.com) added to the company',
      `${PLAN_YEAR} created without a purchase`,
    ]);
  });

  it('logs a document bought at checkout with its order number, as the buyer', async () => {
    const buyer: Account = { userId: randomUUID(), roles: ['broker'] };
    suite.ctx.identity.add({ userId: buyer.userId, role: 'broker' });
    const company = `Checkout Dental ${randomUUID().slice(0, 6)}`;
    const added = await suite.ctx.send(buyer, 'POST', '/shopping-cart', {
      productId: EPOP_PRODUCT.product_id,
      quantity: 1,
      attributes: [COMMISSION_INCLUDED.attribute_value_id],
      json: documentForm({ clientCompanyName: company }),
      userId: buyer.userId,
    });
    expect(added.statusCode).toBe(200);
    const paid = await suite.ctx.send(
      buyer,
      'POST',
      `/shopping-cart/${buyer.userId}/purchase/card`,
      cardPayment(),
    );
    expect(paid.statusCode).toBe(200);
    const { orderNumber } = paid.json<{ orderNumber: string }>();
    const client = await suite.ctx.db
      .selectFrom('company')
      .select('company_id')
      .where('name', '=', company)
      .executeTakeFirstOrThrow();
    expect(await changeLog(client.company_id)).toEqual([
      expect.objectContaining({
        user: buyer.userId,
        description: `${PLAN_YEAR} created and paid: order ${orderNumber}`,
      }),
    ]);
  });
});
