import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation, useNavigate } from 'shared-ui/router';
import { productToday } from 'shared-domain';
import { laterPlanYear } from 'shared-domain/forms';
import { patterns } from 'shared-ui';
import { broker, renderAt, stubFetch } from 'shared-ui/testing';
import { OrderFormPage } from './OrderFormPage.js';
import { companyStepAnswers, DRAFT, ORDER_FORM_STUBS } from '../test-fixtures.js';
import { ERROR_SUMMARY_TITLE } from './ErrorSummary.js';
import { AUTOSAVE_DELAY_MS } from '../hooks/use-draft-autosave.js';

afterEach(() => {
  jest.useRealTimers();
  cleanup();
});

/** The browser's Back and Forward, and the address, beside the form. */
function History() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser Back
      </button>
      <button type="button" onClick={() => void navigate(1)}>
        Browser Forward
      </button>
      <output aria-label="address">{location.pathname + location.search}</output>
    </div>
  );
}

const later = laterPlanYear(productToday(), null);
/** Steps 1 and 2 answered: the form can go on to step 3. */
const throughPlanStep = () => ({
  ...companyStepAnswers(),
  currentPlanYearStartDate: later.start,
  currentPlanYearEndDate: later.end,
  totalNumAtStartPlanYear: 25,
  totalNumBenefitEligible: 20,
});

type Answers = Parameters<typeof stubFetch>[0];

/** A new document's form at `path`, the API answering the blank form `form` and `answers`. */
function openNewDocument(path = '/document/new', form: object = DRAFT.form, answers: Answers = {}) {
  const stub = stubFetch({
    'GET /bff/user': { body: broker },
    ...ORDER_FORM_STUBS,
    'GET /epop/document/new/{userId}': { body: { ...DRAFT, form } },
    'GET /document-draft': { body: { draft: null } },
    'PUT /document-draft': ({ body }) => ({
      body: { form: 'new', ...(body as object), savedAt: '2026-03-02T15:00:00.000Z' } as never,
    }),
    'DELETE /document-draft': { status: 204 },
    ...(answers as object),
  } as Answers);
  renderAt(
    path,
    <>
      <Routes>
        <Route path={patterns.newDocument} element={<OrderFormPage openedBy="new" />} />
        <Route path="/basket" element={<p>The basket</p>} />
      </Routes>
      <History />
    </>,
  );
  return stub;
}

const group = (name: RegExp) => screen.getByRole('group', { name });
const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
};
const type = async (label: string | RegExp, value: string) => {
  await act(async () => {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  });
};
const next = () => click(screen.getByRole('button', { name: 'Next' }));
/** The title of the step shown (its heading). */
const shownStep = () => within(screen.getByRole('tabpanel')).getByRole('heading', { level: 2 }).textContent;
const address = () => screen.getByRole('status', { name: 'address' }).textContent;
const draftCalls = (stub: ReturnType<typeof stubFetch>, method: string) =>
  stub.calls.filter((call) => call.method === method && call.url.includes('/document-draft'));

describe('the order form', () => {
  it('shows the errors of a step when the user tries to leave it, and answers keep their value after', async () => {
    openNewDocument();
    await screen.findByRole('heading', { name: 'POP Document Order Form' });
    await next();
    expect(await screen.findAllByText('Primary e-mail is required')).toHaveLength(2);
    expect(shownStep()).toBe('Step 1 - Company Information');
    await click(within(group(/subject to ERISA/)).getByLabelText('No'));
    await act(async () => {
      fireEvent.blur(within(group(/subject to ERISA/)).getByLabelText('No'));
    });
    await click(within(group(/subject to ERISA/)).getByLabelText('Yes'));
    expect((within(group(/subject to ERISA/)).getByLabelText('Yes') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByLabelText('ERISA Plan Number')).toBeTruthy();
  });

  it('after a refused Next, sums up every problem as links to their fields, marks each field invalid and focuses the first', async () => {
    openNewDocument();
    await screen.findByRole('heading', { name: 'POP Document Order Form' });
    await next();
    const summary = await screen.findByRole('alert', { name: ERROR_SUMMARY_TITLE });
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(
      expect.arrayContaining([
        'Primary e-mail is required',
        'Company name is required',
        'Zip code is required',
      ]),
    );
    // The focus is on the first field with a problem.
    expect(document.activeElement).toBe(screen.getByLabelText('Primary E-mail'));
    // Every field named in the summary is marked invalid and described by its message.
    for (const link of links) {
      const field = document.getElementById(link.getAttribute('href')!.slice(1))!;
      expect(field.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (field.getAttribute('aria-describedby') ??
        field.closest('fieldset')?.getAttribute('aria-describedby'))!;
      const messages = describedBy.split(' ').map((id) => document.getElementById(id)?.textContent);
      expect(messages).toContain(link.textContent);
    }
    // A link focuses its field.
    await click(within(summary).getByRole('link', { name: 'Zip code is required' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Zip Code'));
    // Once fixed, a problem leaves the summary.
    await type('Company Name', 'Acme');
    await act(async () => {
      fireEvent.blur(screen.getByLabelText('Company Name'));
    });
    await waitFor(() =>
      expect(within(summary).queryByRole('link', { name: 'Company name is required' })).toBeNull(),
    );
  });

  it('has an address per step: Back and Forward move between steps and keep the answers', async () => {
    openNewDocument('/document/new', throughPlanStep());
    await screen.findByRole('heading', { name: 'POP Document Order Form' });
    await next();
    await waitFor(() => expect(shownStep()).toBe('Step 2 - Plan Details'));
    expect(address()).toBe('/document/new?step=2');
    // The step's heading takes the focus.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Step 2 - Plan Details' }));
    await type('Other Benefits Offered', 'Dental discount card');
    await next();
    await waitFor(() => expect(shownStep()).toBe('Step 3 - Finish Up'));
    expect(address()).toBe('/document/new?step=3');

    await click(screen.getByRole('button', { name: 'Browser Back' }));
    await waitFor(() => expect(shownStep()).toBe('Step 2 - Plan Details'));
    expect((screen.getByLabelText('Other Benefits Offered') as HTMLInputElement).value).toBe(
      'Dental discount card',
    );
    await click(screen.getByRole('button', { name: 'Browser Back' }));
    await waitFor(() => expect(shownStep()).toBe('Step 1 - Company Information'));
    expect((screen.getByLabelText('Company Name') as HTMLInputElement).value).toBe('Acme Landscaping Inc');
    await click(screen.getByRole('button', { name: 'Browser Forward' }));
    await click(screen.getByRole('button', { name: 'Browser Forward' }));
    await waitFor(() => expect(shownStep()).toBe('Step 3 - Finish Up'));
    await click(screen.getByRole('button', { name: 'Browser Back' }));
    await waitFor(() => expect(shownStep()).toBe('Step 2 - Plan Details'));
    expect((screen.getByLabelText('Other Benefits Offered') as HTMLInputElement).value).toBe(
      'Dental discount card',
    );
  });

  it('opened at ?step=3 with step 1 unanswered, lands on step 1', async () => {
    openNewDocument('/document/new?step=3');
    await screen.findByRole('heading', { name: 'POP Document Order Form' });
    await waitFor(() => expect(address()).toBe('/document/new?step=1'));
    expect(shownStep()).toBe('Step 1 - Company Information');
  });

  it('opened at ?step=3 with steps 1 and 2 answered, opens step 3', async () => {
    openNewDocument('/document/new?step=3', throughPlanStep());
    await screen.findByRole('heading', { name: 'POP Document Order Form' });
    expect(shownStep()).toBe('Step 3 - Finish Up');
    expect(address()).toBe('/document/new?step=3');
  });

  it('marks no step completed before its rules have run (they run as the form lands, in a task of their own)', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    try {
      openNewDocument('/document/new', {});
      const list = await screen.findByRole('tablist', { name: 'Order form steps' });
      expect(within(list).queryAllByRole('tab', { name: /completed/ })).toEqual([]);
      await act(async () => {
        jest.runOnlyPendingTimers();
      });
      // A blank form: the rules find every step unanswered, and no step is marked.
      await waitFor(() =>
        expect(screen.getByRole('tab', { name: 'Step 1 - Company Information' })).toBeTruthy(),
      );
      expect(within(list).queryAllByRole('tab', { name: /completed/ })).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('has step tabs of the WAI-ARIA pattern: completed steps marked, arrow keys, Home and End, a roving tabindex', async () => {
    openNewDocument('/document/new', companyStepAnswers());
    await screen.findByRole('heading', { name: 'POP Document Order Form' });
    const list = screen.getByRole('tablist', { name: 'Order form steps' });
    await waitFor(() =>
      expect(within(list).getByRole('tab', { name: 'Step 1 - Company Information completed' })).toBeTruthy(),
    );
    const tabs = within(list).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Step 1 - Company Information✓ completed',
      'Step 2 - Plan Details',
      'Step 3 - Finish Up',
      'Step 4 - Complete',
    ]);
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false', 'false']);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1]);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tabs[0]!.id);

    tabs[0]!.focus();
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tabs[1]);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([-1, 0, -1, -1]);
    fireEvent.keyDown(tabs[1]!, { key: 'End' });
    expect(document.activeElement).toBe(tabs[3]);
    fireEvent.keyDown(tabs[3]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tabs[0]);
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tabs[3]);
    fireEvent.keyDown(tabs[3]!, { key: 'Home' });
    expect(document.activeElement).toBe(tabs[0]);
    // Moving the focus opens nothing; the step stays until a tab is activated.
    expect(shownStep()).toBe('Step 1 - Company Information');
    await click(tabs[1]!);
    await waitFor(() => expect(shownStep()).toBe('Step 2 - Plan Details'));
    expect(within(list).getByRole('tab', { selected: true })).toBe(tabs[1]);
  });

  it('explains the jargon under its question', async () => {
    openNewDocument('/document/new?step=3', throughPlanStep());
    await screen.findByRole('heading', { name: 'Step 3 - Finish Up' });
    expect(screen.getByText(/enrolled in the pre-tax premium payments automatically/)).toBeTruthy();
    expect(screen.getByText(/election carries over to each new plan year/)).toBeTruthy();
    expect(screen.getByText(/under common control/)).toBeTruthy();
  });
});

describe("the order form's draft", () => {
  it('saves a draft 1 s after the last change, and at once on a step change', async () => {
    const stub = openNewDocument('/document/new', throughPlanStep());
    await screen.findByRole('heading', { name: 'POP Document Order Form' });
    // The form has landed (its rules ran): nothing is left on the real clock.
    await screen.findByRole('tab', { name: 'Step 2 - Plan Details completed' });
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    await type('City', 'Dallas');
    await act(async () => {
      jest.advanceTimersByTime(AUTOSAVE_DELAY_MS - 1);
    });
    expect(draftCalls(stub, 'PUT')).toHaveLength(0);
    await type('City', 'Dallas TX');
    await act(async () => {
      jest.advanceTimersByTime(AUTOSAVE_DELAY_MS - 1);
    });
    // The second change started the wait again.
    expect(draftCalls(stub, 'PUT')).toHaveLength(0);
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    await waitFor(() => expect(draftCalls(stub, 'PUT')).toHaveLength(1));
    const [saved] = draftCalls(stub, 'PUT');
    expect(saved!.query.get('form')).toBe('new');
    // Only what the user changed: restored later, the rest comes from the document as it is then.
    expect(saved!.body).toEqual({ step: 1, values: { city: 'Dallas TX' } });

    await type('City', 'Austin');
    // Back to the loaded answers: the draft goes; then a step change saves at once.
    await act(async () => {
      jest.advanceTimersByTime(AUTOSAVE_DELAY_MS);
    });
    await waitFor(() => expect(draftCalls(stub, 'DELETE')).toHaveLength(1));
    await type('City', 'Houston');
    await next();
    await waitFor(() => expect(draftCalls(stub, 'PUT')).toHaveLength(2));
    expect(draftCalls(stub, 'PUT')[1]!.body).toMatchObject({ step: 2, values: { city: 'Houston' } });
  });

  it('restores a draft with a notice, and Discard goes back to the loaded answers and forgets it', async () => {
    const stub = openNewDocument('/document/new', companyStepAnswers(), {
      'GET /document-draft': {
        body: {
          draft: {
            form: 'new',
            step: 1,
            values: { ...companyStepAnswers(), clientCompanyName: 'Acme Draft Co' },
            savedAt: '2026-03-02T15:04:00.000Z',
          },
        },
      },
    } as Answers);
    expect(
      await screen.findByText('We restored your unsaved answers from 03/02/2026 10:04 AM.'),
    ).toBeTruthy();
    expect((screen.getByLabelText('Company Name') as HTMLInputElement).value).toBe('Acme Draft Co');
    await click(screen.getByRole('button', { name: 'Discard' }));
    expect((screen.getByLabelText('Company Name') as HTMLInputElement).value).toBe('Acme Landscaping Inc');
    expect(screen.queryByText(/We restored your unsaved answers/)).toBeNull();
    await waitFor(() => expect(draftCalls(stub, 'DELETE')).toHaveLength(1));
    expect(draftCalls(stub, 'DELETE')[0]!.query.get('form')).toBe('new');
  });

  it("opens at the draft's step when the address names none", async () => {
    openNewDocument('/document/new', throughPlanStep(), {
      'GET /document-draft': {
        body: {
          draft: { form: 'new', step: 3, values: { affiliates: true }, savedAt: '2026-03-02T15:04:00.000Z' },
        },
      },
    } as Answers);
    await screen.findByRole('heading', { name: 'Step 3 - Finish Up' });
    expect(address()).toBe('/document/new?step=3');
    expect((within(group(/^Affiliates/)).getByLabelText('Yes') as HTMLInputElement).checked).toBe(true);
  });

  it('deletes the draft once the document is added to the cart', async () => {
    const stub = openNewDocument('/document/new', { ...throughPlanStep(), allowHSAContributions: false }, {
      'POST /shopping-cart': { body: {} },
    } as Answers);
    await screen.findByRole('heading', { name: 'POP Document Order Form' });
    await type('City', 'Dallas');
    await click(screen.getByRole('tab', { name: /^Step 4/ }));
    const payment = await screen.findByRole('region', { name: 'Payment Options' });
    await click(within(payment).getByRole('button', { name: 'Add to Cart' }));
    await screen.findByText('The basket');
    const deleted = draftCalls(stub, 'DELETE');
    expect(deleted).toHaveLength(1);
    // Nothing saved the draft again after it was deleted.
    const last = stub.calls.filter((call) => call.url.includes('/document-draft')).at(-1);
    expect(last?.method).toBe('DELETE');
  });

  it('asks before the page is left with unsaved answers', async () => {
    openNewDocument('/document/new', companyStepAnswers());
    await screen.findByRole('heading', { name: 'POP Document Order Form' });
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    await type('City', 'Dallas');
    expect(leave()).toBe(true);
  });
});
