import { describe, expect, it } from '@jest/globals';
import { broker, employer } from 'shared-ui/testing';
import { finalBlock, fromDocument, fromDraft, planYearRuleOf, type LoadedDocument } from './model.js';
import { DOCUMENT, DRAFT } from './test-fixtures.js';

const compliance = {
  ...broker,
  userId: 'u-compliance',
  role: 'compliance',
  roles: ['compliance'],
  roleGroup: 'compliance' as const,
};
const draft = (overrides: Partial<LoadedDocument> = {}): LoadedDocument => ({
  ...fromDraft(DRAFT),
  ...overrides,
});
const stored = (overrides: Partial<LoadedDocument> = {}): LoadedDocument => ({
  ...fromDocument(DOCUMENT),
  ...overrides,
});
const BYPASS_PARTNER = {
  strategicPartnerId: 'sp-1',
  name: 'Summit',
  bypassShoppingCart: true,
  customIdentifiers: {},
  excludedStates: [],
  colonial: null,
};

describe('the final-step block (specs/2-documents.md §2, §4)', () => {
  it('offers compliance Invite to Purchase and Create Free Document on a new document, Update on a stored one', () => {
    expect(finalBlock(compliance, draft())).toEqual({ kind: 'admin-new' });
    expect(finalBlock(compliance, stored())).toEqual({ kind: 'admin-existing', readOnly: false });
    expect(finalBlock(compliance, stored({ isReadOnly: true }))).toEqual({
      kind: 'admin-existing',
      readOnly: true,
    });
  });

  it('saves a bypass partner’s new document without the cart', () => {
    expect(finalBlock(broker, draft({ partner: BYPASS_PARTNER }))).toEqual({ kind: 'bypass' });
  });

  it('offers Add to Cart and Send Invite on a new document, Update Cart on a cart item, with the attributes', () => {
    expect(finalBlock(broker, draft())).toEqual({
      kind: 'payment',
      buttons: ['add-to-cart', 'send-invite'],
      showAttributes: true,
    });
    expect(finalBlock(employer, draft({ cartItemId: 'ci-1' }))).toEqual({
      kind: 'payment',
      buttons: ['update-cart'],
      showAttributes: true,
    });
  });

  it('offers the invitee Add to Cart (no invite), and the assigned broker alone Update invite', () => {
    const invite = {
      actionItemId: 'ai-1',
      itemType: 'pop-document-invite',
      brokerId: broker.userId,
      openedFrom: 'item' as const,
    };
    const unpaid = stored({ requiresPurchase: true, actionItem: invite });
    expect(finalBlock(employer, unpaid)).toEqual({
      kind: 'payment',
      buttons: ['add-to-cart'],
      showAttributes: false,
    });
    expect(finalBlock(broker, unpaid)).toEqual({
      kind: 'payment',
      buttons: ['update-invite'],
      showAttributes: false,
    });
    const otherBroker = { ...broker, userId: 'u-other' };
    expect(finalBlock(otherBroker, unpaid).kind).toBe('payment');
    expect(finalBlock(otherBroker, unpaid)).toMatchObject({ buttons: ['add-to-cart'] });
    // Seen by its document (not the item): the invitee's to buy, so nothing but Back to Main.
    const byDocument = stored({ requiresPurchase: true, actionItem: { ...invite, openedFrom: 'document' } });
    expect(finalBlock(broker, byDocument)).toMatchObject({ buttons: ['update-invite'] });
    expect(finalBlock(employer, byDocument)).toMatchObject({ buttons: ['back-to-main'] });
  });

  it('offers Update on a paid document and Back to Main on a read-only one', () => {
    expect(finalBlock(broker, stored())).toMatchObject({ buttons: ['update'] });
    expect(finalBlock(broker, stored({ isReadOnly: true }))).toMatchObject({ buttons: ['back-to-main'] });
  });
});

describe('the plan-year rule on the form (../shared/domain/plan-documents.md)', () => {
  it("runs on a new document and a renewal (with the plan year it was offered), not on a stored one or an action item's", () => {
    expect(planYearRuleOf(draft())).toEqual({ renewal: null });
    const renewal = fromDraft({
      ...DRAFT,
      originalDocumentId: 'd-previous',
      form: {
        ...DRAFT.form,
        currentPlanYearStartDate: '2026-11-19',
        currentPlanYearEndDate: '2027-11-18',
        amendmentToOriginal: true,
        amendmentEffectiveDate: '2026-04-01',
        hsaAmendmentEffectiveDate: '2026-04-01',
        otherDateOfEligibility: '2026-04-15',
        originalEffectiveDate: '2019-01-01',
      },
    });
    expect(planYearRuleOf(renewal)).toEqual({ renewal: { start: '2026-11-19', end: '2027-11-18' } });
    // Last year's amendment answers are blank; the plan's original effective date stays.
    expect(renewal.form).toMatchObject({
      amendmentToOriginal: false,
      amendmentEffectiveDate: '',
      hsaAmendmentEffectiveDate: '',
      otherDateOfEligibility: '',
      originalEffectiveDate: '2019-01-01',
    });
    expect(planYearRuleOf(stored())).toBeNull();
    // Compliance's recorded reason for a plan year before the order day comes with a stored document.
    const reason = {
      reason: 'Adopted in writing on the 1st',
      by: 'demo.compliance',
      at: '2026-11-28T15:00:00.000Z',
    };
    expect(fromDocument({ ...DOCUMENT, retroactiveReason: reason }).retroactive).toEqual(reason);
    expect(stored().retroactive).toBeNull();
    const invited = { actionItemId: 'ai-1', itemType: '', brokerId: null, openedFrom: 'item' as const };
    expect(planYearRuleOf(draft({ cartItemId: 'ci-1', actionItem: invited }))).toBeNull();
  });
});
