import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'shared-ui/router';
import { addDays, productToday } from 'shared-domain';
import { firstOfNextMonth, laterPlanYear } from 'shared-domain/forms';
import { patterns } from 'shared-ui';
import { broker, compliance, renderAt, stubFetch } from 'shared-ui/testing';
import { companyStepAnswers, DOCUMENT, DRAFT, PRODUCT } from '../test-fixtures.js';
import { OrderFormPage, type OpenedBy } from './OrderFormPage.js';

afterEach(cleanup);

/** A complete order form (every required answer given), with `overrides` on top. */
const completeForm = (overrides: Record<string, unknown> = {}) => ({
  ...companyStepAnswers(),
  isERISA: true,
  totalNumAtStartPlanYear: 25,
  totalNumBenefitEligible: 20,
  allowHSAContributions: false,
  ...overrides,
});

const today = productToday();
const later = laterPlanYear(today, null);
/** A plan year that started yesterday (New York), and one from the first of next month. */
const STARTED_YESTERDAY = {
  currentPlanYearStartDate: addDays(today, -1),
  currentPlanYearEndDate: addDays(today, 363),
};
const NEXT_MONTH = { currentPlanYearStartDate: later.start, currentPlanYearEndDate: later.end };
const RETROACTIVE = /^Plan Year Start Date cannot be before today/;

/** The order form at `path`, opened as `openedBy`, the API answering with `answers` (and the user). */
function open(path: string, openedBy: OpenedBy, answers: Parameters<typeof stubFetch>[0], user = broker) {
  const stub = stubFetch({
    'GET /bff/user': { body: user },
    'GET /product/epop/{userId}': { body: PRODUCT },
    ...answers,
  });
  const pattern = { new: patterns.newDocument, renew: patterns.documentRenew }[openedBy as 'new' | 'renew'];
  renderAt(
    path,
    <Routes>
      <Route path={pattern} element={<OrderFormPage openedBy={openedBy} />} />
      <Route path="/" element={null} />
    </Routes>,
  );
  return stub;
}

const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
};
/** A step tab by its title (a completed step's name ends with 'completed'). */
const tab = (name: string) => click(screen.getByRole('tab', { name: new RegExp(`^${name}`) }));
/** The title of the step shown. */
const shownStep = () => within(screen.getByRole('tabpanel')).getByRole('heading', { level: 2 }).textContent;
const group = (name: RegExp) => screen.getByRole('group', { name });
/** The error shown under a field (its control's description), '' when none. */
const errorUnder = (label: string) => {
  const control = screen.getByLabelText(label, { exact: true });
  // The field's help is described too: only its error counts here.
  const ids = (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((id) => id.endsWith('-error'));
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
};

describe("the order form's plan year (../shared/domain/plan-documents.md)", () => {
  it("opens a renewal with last year's amendment answers blank and the original effective date carried forward", async () => {
    // As an older server answered: last year's amendment answers still in the draft.
    const renewal = {
      ...DRAFT,
      originalDocumentId: 'd-previous',
      clientId: 'c-1',
      form: completeForm({
        amendmentToOriginal: true,
        originalEffectiveDate: '2019-01-01',
        amendmentEffectiveDate: '2026-04-01',
        allowHSAContributions: true,
        hsaAmendmentEffectiveDate: '2026-04-01',
        dateOfEligibility: 'Other',
        otherDateOfEligibility: '2026-04-15',
        ...NEXT_MONTH,
      }),
    };
    open('/document/d-previous/renew', 'renew', {
      'GET /epop-document/{id}/renew/{userId}': { body: renewal },
    });
    await screen.findByRole('heading', { name: 'POP Document Order Form' });
    await tab('Step 2 - Plan Details');
    const amendment = group(/amendment to an original plan/);
    expect((within(amendment).getByLabelText('No') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText('Amendment Effective Date', { exact: true })).toBeNull();
    expect(
      (screen.getByLabelText('Original Effective Date', { exact: true }) as HTMLInputElement).value,
    ).toBe('01/01/2019');
    expect(
      (screen.getByLabelText('Other Date of Eligibility', { exact: true }) as HTMLInputElement).value,
    ).toBe('');
    // Answering "yes" asks for this year's amendment date afresh.
    await click(within(amendment).getByLabelText('Yes'));
    expect(
      (screen.getByLabelText('Amendment Effective Date', { exact: true }) as HTMLInputElement).value,
    ).toBe('');
  });

  it("shows a renewal's original effective date read-only (the server carries it forward), except to compliance", async () => {
    const renewal = {
      ...DRAFT,
      originalDocumentId: 'd-previous',
      clientId: 'c-1',
      form: completeForm({ originalEffectiveDate: '2019-01-01', ...NEXT_MONTH }),
    };
    const answers = { 'GET /epop-document/{id}/renew/{userId}': { body: renewal } };
    open('/document/d-previous/renew', 'renew', answers);
    await screen.findByRole('heading', { name: 'POP Document Order Form' });
    await tab('Step 2 - Plan Details');
    const carried = screen.getByLabelText('Original Effective Date', { exact: true }) as HTMLInputElement;
    expect([carried.value, carried.readOnly]).toEqual(['01/01/2019', true]);
    cleanup();

    open('/document/d-previous/renew', 'renew', answers, compliance);
    await screen.findByRole('heading', { name: 'POP Document Form' });
    await tab('Step 2 - Plan Details');
    const editable = screen.getByLabelText('Original Effective Date', { exact: true }) as HTMLInputElement;
    expect([editable.value, editable.readOnly]).toEqual(['01/01/2019', false]);
  });

  it('shows a plan year that started yesterday under its field, with a later start to choose', async () => {
    open('/document/new', 'new', {
      'GET /epop/document/new/{userId}': { body: { ...DRAFT, form: completeForm(STARTED_YESTERDAY) } },
    });
    await screen.findByRole('heading', { name: 'POP Document Order Form' });
    await tab('Step 2 - Plan Details');
    await click(screen.getByRole('button', { name: 'Next' }));
    expect(shownStep()).toBe('Step 2 - Plan Details');
    expect(errorUnder('Plan Year Start Date')).toMatch(RETROACTIVE);
    expect(errorUnder('Plan Year Start Date')).toContain(`for example a short plan year`);
    // No reason to give: that is compliance's.
    expect(screen.queryByLabelText(/Reason for a plan year/)).toBeNull();
  });

  it("shows the server's refusal of Add to Cart under the plan year field", async () => {
    const refusal = `Plan Year Start Date cannot be before today: a plan cannot be adopted retroactively. Start it on ${firstOfNextMonth(today)}.`;
    const stub = open('/document/new', 'new', {
      'GET /epop/document/new/{userId}': { body: { ...DRAFT, form: completeForm(NEXT_MONTH) } },
      'POST /shopping-cart': { status: 400, body: { type: 'validation', errors: [refusal] } },
    });
    await screen.findByRole('heading', { name: 'POP Document Order Form' });
    await tab('Step 4 - Complete');
    const payment = await screen.findByRole('region', { name: 'Payment Options' });
    await click(within(payment).getByRole('button', { name: 'Add to Cart' }));
    await screen.findByRole('tabpanel', { name: /^Step 2 - Plan Details/ });
    expect(stub.calls.some((call) => call.method === 'POST' && call.url.endsWith('/shopping-cart'))).toBe(
      true,
    );
    expect(errorUnder('Plan Year Start Date')).toBe(refusal);
  });

  it('asks compliance for a reason only when the plan year starts before today, and sends it', async () => {
    const stub = open(
      '/document/new',
      'new',
      {
        'GET /epop/document/new/{userId}': {
          body: { ...DRAFT, requiresPurchase: false, form: completeForm(STARTED_YESTERDAY) },
        },
        'POST /epop-document/{id}': { body: DOCUMENT },
      },
      compliance,
    );
    await screen.findByRole('heading', { name: 'POP Document Form' });
    await tab('Step 2 - Plan Details');
    const reason = screen.getByLabelText(/Reason for a plan year or amendment starting before today/);
    await click(screen.getByRole('button', { name: 'Next' }));
    expect(errorUnder('Plan Year Start Date')).toMatch(RETROACTIVE);
    await act(async () => {
      fireEvent.change(reason, { target: { value: 'Adopted in writing on the 1st; recorded late' } });
    });
    await click(screen.getByRole('button', { name: 'Next' }));
    expect(shownStep()).toBe('Step 3 - Finish Up');
    await tab('Complete Document');
    await click(screen.getByRole('button', { name: 'Create Free Document' }));
    const created = stub.calls.find((call) => call.method === 'POST' && call.url.includes('/epop-document/'));
    expect(created?.body).toMatchObject({
      ...STARTED_YESTERDAY,
      retroactiveReason: 'Adopted in writing on the 1st; recorded late',
    });
  });
});
