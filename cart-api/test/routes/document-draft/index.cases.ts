import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildTestApp, type TestContext } from '../../helpers/build.js';
import { companyRow, documentRow } from '../../helpers/rows.js';
import { DRAFT_TTL_DAYS, MAX_DRAFTS_PER_USER } from '../../../src/domain/drafts/drafts.js';

describe('document-draft (the order form autosaved, issue 24)', () => {
  let ctx: TestContext;
  // The service's clock, moved by the expiry test.
  let now = new Date('2026-03-02T15:00:00.000Z');
  const brokerA = { userId: randomUUID(), roles: ['broker'] };
  const brokerB = { userId: randomUUID(), roles: ['broker'] };
  const compliance = { userId: randomUUID(), roles: ['compliance'] };
  let documentId: string;

  beforeAll(async () => {
    ctx = await buildTestApp({}, undefined, { now: () => now });
    const company = companyRow('Draft Co', { brokerUserId: brokerA.userId });
    await ctx.db.insertInto('company').values(company).execute();
    const document = documentRow(brokerA.userId, company.company_id);
    await ctx.db.insertInto('epop_document').values(document).execute();
    documentId = document.document_id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const request = async (
    account: { userId: string; roles: string[] } | null,
    method: 'GET' | 'PUT' | 'DELETE',
    form: string,
    payload?: unknown,
  ) =>
    ctx.app.inject({
      method,
      url: `/document-draft?form=${encodeURIComponent(form)}`,
      headers: account ? { authorization: await ctx.bearer(account) } : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const rows = () => ctx.db.selectFrom('document_draft').selectAll().execute();

  it("keeps the caller's answers and step, and a later save replaces them", async () => {
    const first = await request(brokerA, 'PUT', 'new', {
      step: 1,
      values: { clientCompanyName: 'Orchard', isERISA: null },
    });
    expect(first.statusCode).toBe(200);
    const saved = await request(brokerA, 'PUT', 'new', {
      step: 2,
      values: { clientCompanyName: 'Orchard Dental', isERISA: true, totalNumAtStartPlanYear: '' },
    });
    expect(saved.json()).toEqual({
      form: 'new',
      step: 2,
      values: { clientCompanyName: 'Orchard Dental', isERISA: true, totalNumAtStartPlanYear: '' },
      savedAt: now.toISOString(),
    });
    const read = await request(brokerA, 'GET', 'new');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ draft: saved.json() });
  });

  it("never gives one user's draft to another: the same form is theirs alone, and their Discard removes only theirs", async () => {
    await request(brokerA, 'PUT', 'new', { step: 1, values: { clientCompanyName: 'A secret client' } });
    const foreign = await request(brokerB, 'GET', 'new');
    expect(foreign.json()).toEqual({ draft: null });
    const asCompliance = await request(compliance, 'GET', 'new');
    expect(asCompliance.json()).toEqual({ draft: null });
    expect((await request(brokerB, 'DELETE', 'new')).statusCode).toBe(204);
    const own = await request(brokerA, 'GET', 'new');
    expect(own.json<{ draft: { values: object } }>().draft.values).toEqual({
      clientCompanyName: 'A secret client',
    });
  });

  it('refuses a draft pinned to a record the caller may not open (404, nothing stored); the owner and compliance may', async () => {
    const before = await rows();
    const foreign = await request(brokerB, 'PUT', `document:${documentId}`, { step: 1, values: {} });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'The form this draft is for was not found' });
    const missing = await request(brokerA, 'PUT', `cart-item:${randomUUID()}`, { step: 1, values: {} });
    expect(missing.statusCode).toBe(404);
    expect(await rows()).toEqual(before);
    expect(
      (await request(brokerA, 'PUT', `document:${documentId}`, { step: 3, values: {} })).statusCode,
    ).toBe(200);
    expect(
      (await request(compliance, 'PUT', `renew:${documentId}`, { step: 1, values: {} })).statusCode,
    ).toBe(200);
  });

  it('drops a draft of a record the caller may no longer open, and refuses a partner that does not exist', async () => {
    const company = companyRow('Leaving Co', { brokerUserId: brokerB.userId });
    await ctx.db.insertInto('company').values(company).execute();
    const document = documentRow(brokerB.userId, company.company_id);
    await ctx.db.insertInto('epop_document').values(document).execute();
    const form = `document:${document.document_id}`;
    await request(brokerB, 'PUT', form, { step: 1, values: { city: 'Typed while it was theirs' } });
    // The client and its document go to another broker: the draft goes with the right to open them.
    await ctx.db
      .updateTable('epop_document')
      .set({ owner_user_id: brokerA.userId })
      .where('document_id', '=', document.document_id)
      .execute();
    await ctx.db
      .updateTable('company')
      .set({ broker_user_id: brokerA.userId })
      .where('company_id', '=', company.company_id)
      .execute();
    expect((await request(brokerB, 'GET', form)).json()).toEqual({ draft: null });
    expect(
      await ctx.db.selectFrom('document_draft').select('form_key').where('form_key', '=', form).execute(),
    ).toEqual([]);

    const nowhere = await request(brokerA, 'PUT', `new:${randomUUID()}`, { step: 1, values: {} });
    expect(nowhere.statusCode).toBe(404);
  });

  it('answers a guest 401', async () => {
    expect((await request(null, 'GET', 'new')).statusCode).toBe(401);
    expect((await request(null, 'PUT', 'new', { step: 1, values: {} })).statusCode).toBe(401);
  });

  it.each<[string, string, unknown]>([
    ['an unknown field', 'new', { step: 1, values: { zzUnknown: 'x' } }],
    ['an object as an answer', 'new', { step: 1, values: { clientCompanyName: { a: 1 } } }],
    ['an answer over 500 characters', 'new', { step: 1, values: { city: 'x'.repeat(501) } }],
    ['a step past 4', 'new', { step: 5, values: {} }],
    ['no answers', 'new', { step: 1 }],
    ['a form that is not one', 'document:not-an-id', { step: 1, values: {} }],
    ['a form of no known kind', `invoice:${randomUUID()}`, { step: 1, values: {} }],
  ])('refuses %s in the validation format and stores nothing', async (_what, form, payload) => {
    const before = await rows();
    const response = await request(brokerA, 'PUT', form, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ type: 'validation', errors: expect.any(Array) });
    expect(await rows()).toEqual(before);
  });

  it('refuses a body over its size limit with 413 before reading it', async () => {
    const before = await rows();
    const response = await request(brokerA, 'PUT', 'new', {
      step: 1,
      values: { city: 'x'.repeat(300 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(Object.keys(response.json<object>())).toEqual(['message']);
    expect(await rows()).toEqual(before);
  });

  it('removes a draft on Discard', async () => {
    await request(brokerA, 'PUT', `document:${documentId}`, { step: 2, values: { city: 'Austin' } });
    expect((await request(brokerA, 'DELETE', `document:${documentId}`)).statusCode).toBe(204);
    expect((await request(brokerA, 'GET', `document:${documentId}`)).json()).toEqual({ draft: null });
  });

  it(`ignores and removes a draft not saved for ${DRAFT_TTL_DAYS} days`, async () => {
    await request(brokerB, 'PUT', 'new', { step: 1, values: { city: 'Old' } });
    now = new Date(now.getTime() + (DRAFT_TTL_DAYS + 1) * 86_400_000);
    expect((await request(brokerB, 'GET', 'new')).json()).toEqual({ draft: null });
    expect((await rows()).filter((row) => row.user_id === brokerB.userId)).toEqual([]);
  });

  it(`keeps the ${MAX_DRAFTS_PER_USER} most recently saved drafts of a user`, async () => {
    const user = { userId: randomUUID(), roles: ['epop'] };
    // A new document of each of 21 partners: 21 forms.
    const partners = Array.from({ length: MAX_DRAFTS_PER_USER + 1 }, (_, index) =>
      companyRow(`Partner ${index}`, { kind: 'strategic-partner' }),
    );
    await ctx.db.insertInto('company').values(partners).execute();
    const forms = partners.map((partner) => `new:${partner.company_id}`);
    for (const form of forms) {
      now = new Date(now.getTime() + 1000);
      expect((await request(user, 'PUT', form, { step: 1, values: {} })).statusCode).toBe(200);
    }
    const kept = (await rows()).filter((row) => row.user_id === user.userId).map((row) => row.form_key);
    expect(kept.sort()).toEqual(forms.slice(1).sort());
  });
});
