import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'shared-ui/router';
import { NDT_QUESTIONS, type NdtStep } from 'shared-domain';
import { patterns } from 'shared-ui';
import { broker, compliance, renderAt, stubFetch, type StubAnswers } from 'shared-ui/testing';
import {
  APP_CONFIG,
  NDT_DOCUMENT,
  OLD_SHAPE_RESULT,
  storedResult,
  takeTest,
  UTILIZATION_FAIL,
} from '../test-fixtures.js';
import { NdtTesting } from './NdtTesting.js';

afterEach(cleanup);

/** Where the page is: the test reads `?result=` from it. */
function Address() {
  const location = useLocation();
  return <output aria-label="Address">{location.pathname + location.search}</output>;
}

function open(answers: StubAnswers = {}, path = '/document/doc-1/ndt', user = broker) {
  const stub = stubFetch({
    'GET /bff/user': { body: user },
    'GET /epop-document/{id}': { body: NDT_DOCUMENT },
    'GET /system-message/config/app': { body: APP_CONFIG },
    'POST /epop-document/{documentId}/non-discrimination': takeTest,
    ...(answers as object),
  });
  renderAt(
    path,
    <>
      <Routes>
        <Route path={patterns.documentNdt} element={<NdtTesting />} />
      </Routes>
      <Address />
    </>,
  );
  return stub;
}

const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
};
const button = (name: string) => screen.queryByRole('button', { name });
const stepHeading = () => screen.getByRole('heading', { level: 2, name: /^Step / }).textContent;

/** Answers the yes/no question of the step on screen. */
async function answer(step: NdtStep, choice: 'Yes' | 'No') {
  expect(stepHeading()).toBe(`Step ${step}`);
  await click(within(screen.getByRole('group', { name: NDT_QUESTIONS[step] })).getByLabelText(choice));
}

async function type(label: string, value: string) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  });
}

/** What aria-describedby ties to an element: its description, as a screen reader reads it after the name. */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

/** Next (or Submit), which must be enabled now that the step is answered. */
async function next(label: 'Next' | 'Submit' = 'Next') {
  const pressed = screen.getByRole('button', { name: label });
  expect(pressed.getAttribute('aria-disabled')).toBeNull();
  await click(pressed);
}

/** Next (or Submit) is shown, disabled, with the reason next to it and tied to it. */
function expectBlocked(reason: string, label: 'Next' | 'Submit' = 'Next') {
  const blocked = screen.getByRole('button', { name: label });
  expect(blocked.getAttribute('aria-disabled')).toBe('true');
  expect(descriptionOf(blocked)).toBe(reason);
}

async function start() {
  await screen.findByRole('heading', { name: 'Instructions' });
  await next();
}

/** The test's verdict, once the results show. */
const verdict = (text: 'Pass' | 'Fail') => screen.findByText(text, { selector: '.ndt-verdict' });

const posted = (stub: ReturnType<typeof stubFetch>) =>
  stub.calls.filter((call) => call.method === 'POST').map((call) => call.body);

describe('the Non-Discrimination Testing page', () => {
  it('shows the title, the company, the breadcrumb and the instructions with the rules and definitions', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Non-Discrimination Testing' })).toBeTruthy();
    expect(screen.getByText('Testing for Granite State Roofing')).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Granite State Roofing' }).getAttribute('href')).toBe(
      '/document/doc-1',
    );
    expect(within(crumbs).getByRole('link', { name: 'Download' })).toBeTruthy();

    await screen.findByRole('heading', { name: 'Instructions' });
    // The specs' rules; the definitions' own texts are NdtInstructions.test.tsx's.
    expect(screen.getByText(/at most 25% of the total benefits/)).toBeTruthy();
    expect(screen.getByText(/A 75% contribution test applies to major medical/)).toBeTruthy();
    expect(screen.getByText(/qualified benefit up to \$50,000/)).toBeTruthy();
    expect(screen.getByText(/within 3 years of hire/)).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Definitions' })).toBeTruthy();
    expect(button('Next')).toBeTruthy();
  });

  it.each([
    ['read-only', { isReadOnly: true }, 'This document is read-only and cannot be tested.'],
    ['unpaid', { status: 'Unpaid' as const }, 'This document must be purchased before it can be tested.'],
    [
      'past its plan year',
      { currentPlanYearStartDate: '2024-01-01', currentPlanYearEndDate: '2024-12-31' },
      'The plan year ended on 12/31/2024: testing is for a current plan year. Renew the document to test its next plan year.',
    ],
  ])('a %s document says why it cannot be tested and offers no Next', async (_case, change, message) => {
    open({ 'GET /epop-document/{id}': { body: { ...NDT_DOCUMENT, ...change } } });
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('heading', { name: 'Instructions' })).toBeTruthy();
    expect(button('Next')).toBeNull();
  });

  it('a plan year ending today can still be tested', async () => {
    const now = new Date();
    const today = [now.getFullYear(), now.getMonth() + 1, now.getDate()]
      .map((part) => String(part).padStart(2, '0'))
      .join('-');
    open({ 'GET /epop-document/{id}': { body: { ...NDT_DOCUMENT, currentPlanYearEndDate: today } } });
    await screen.findByRole('heading', { name: 'Instructions' });
    expect(button('Next')).toBeTruthy();
  });

  it('a document that is not the caller’s (404) says so, without the wizard', async () => {
    open({ 'GET /epop-document/{id}': { status: 404, body: { message: 'Document not found' } } });
    expect(await screen.findByText('This document was not found, or it is not yours to open.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Instructions' })).toBeNull();
    // The kit's not-found page, as on every document page: one h1 that says so.
    expect(screen.getAllByRole('heading', { level: 1 }).map((h1) => h1.textContent)).toEqual([
      'Document not found',
    ]);
  });

  it('a stepper says where the test is: Step n of 7, the current step, the steps done; each step takes the focus', async () => {
    open();
    await start();
    expect(document.title).toBe('Non-Discrimination Testing - POP Documents');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const progress = () => screen.getByRole('navigation', { name: 'Test progress' });
    const items = () => within(progress()).getAllByRole('listitem');
    const current = () => progress().querySelector('[aria-current="step"]')?.textContent;
    expect(within(progress()).getByText('Step 1 of 7')).toBeTruthy();
    expect(items().map((item) => item.textContent)).toEqual([
      '1Step 1: Entry within 3 years',
      '2Step 2: Same choices for all',
      '3Step 3: Who is eligible',
      '4Step 4: Premium-only plan',
      '5Step 5: Benefits elected',
      '6Step 6: Health contributions',
      '7Step 7: Key employees’ benefits',
    ]);
    expect(current()).toBe('1Step 1: Entry within 3 years');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Step 1' }));

    await answer('1', 'Yes');
    await next();
    expect(within(progress()).getByText('Step 2 of 7')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Step 2' }));
    // Done: a check (hidden from screen readers) and "completed" (for them only).
    const done = items()[0]!;
    expect(done.getAttribute('aria-current')).toBeNull();
    expect(done.querySelector('[aria-hidden="true"]')?.textContent).toBe('✓');
    expect(done.querySelector('.visually-hidden:last-child')?.textContent).toBe(' (completed)');
    expect(current()).toBe('2Step 2: Same choices for all');

    await answer('2', 'Yes');
    await next();
    await answer('3', 'No');
    await next();
    // A sub-step is shown within its step, the count unchanged.
    expect(within(progress()).getByText('Step 3 of 7')).toBeTruthy();
    expect(current()).toBe('3Step 3: Who is eligible3a: Objective criteria');
    expect(screen.getByText('Objective criteria', { selector: '.card-header p' })).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Back' }));
    await answer('3', 'Yes');
    await next();
    // 1–4 all yes: submitted after step 4, steps 5 to 7 not needed.
    expect(within(progress()).getByText('Step 4 of 7')).toBeTruthy();
    await answer('4', 'Yes');
    expect(within(progress()).getByText('Step 4 of 4')).toBeTruthy();
    expect(items()[4]!.textContent).toBe('5Step 5: Benefits elected (not needed)');
    expect(items().filter((item) => item.textContent?.includes('(completed)'))).toHaveLength(3);
  });

  it('1–4 all yes submits at once as the safe harbor, sending steps 1–4 only, and shows Pass in green', async () => {
    const stub = open();
    await screen.findByRole('heading', { name: 'Instructions' });
    await type('Name', 'Pat Doe');
    await next();
    for (const step of ['1', '2', '3'] as const) {
      await answer(step, 'Yes');
      await next();
    }
    expectBlocked('Answer Yes or No to continue.');
    await answer('4', 'Yes');
    // The test is complete: step 4's button submits.
    expect(button('Next')).toBeNull();
    await next('Submit');

    expect(posted(stub)).toEqual([
      { name: 'Pat Doe', ndtAnswer1: true, ndtAnswer2: true, ndtAnswer3: true, ndtAnswer4: true },
    ]);
    expect((await verdict('Pass')).className).toContain('text-success');
    expect(screen.getByText(/deemed to pass every nondiscrimination test/).textContent).toContain(
      '§1.125-7(f)',
    );
    expect(screen.getByLabelText('Address').textContent).toBe('/document/doc-1/ndt?result=res-new');
  });

  it('3 no asks 3a and 3b; 5 no asks 5a; a figure above its limit stops Next; the worked test B passes under §1.125-7(f)', async () => {
    const stub = open();
    await start();
    expectBlocked('Answer Yes or No to continue.');
    // A press of the disabled Next goes nowhere.
    await click(screen.getByRole('button', { name: 'Next' }));
    expect(stepHeading()).toBe('Step 1');
    await answer('1', 'Yes');
    await next();
    expectBlocked('Answer Yes or No to continue.');
    await answer('2', 'No'); // not needed under test B
    await next();
    await answer('3', 'No');
    await next();
    expectBlocked('Answer Yes or No to continue.');
    await answer('3a', 'Yes');
    await next();

    // 3b: all four counts, zero valid; Next only once the last is typed, the reason naming what is
    // missing. The note's test B: 8 non-HCEs (6 eligible, part-timers excluded), 2 HCEs (2 eligible):
    // ratio 75, safe harbor 35.
    expect(stepHeading()).toBe('Step 3b');
    expectBlocked('Enter the total number of non-HCEs and 3 more figures to continue.');
    await type('Total non-HCEs', '8');
    await type('Eligible non-HCEs', '9');
    // More eligible than in total: said under the field at once (no Next press needed), and Next waits.
    const eligible = screen.getByLabelText(/^Eligible non-HCEs/);
    expect(eligible.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(eligible)).toBe('Cannot be more than total non-HCEs (8).');
    await type('Eligible non-HCEs', '6');
    expect(eligible.getAttribute('aria-invalid')).toBeNull();
    await type('Total HCEs', '2');
    expectBlocked('Enter the number of eligible HCEs to continue.');
    await type('Eligible HCEs', '2');
    await next();

    await answer('4', 'Yes'); // premium-only, but 2 was no: the wizard goes on (the specs' branches)
    expect(button('Submit')).toBeNull();
    await next();
    await answer('5', 'No');
    await next();

    // 5a: per group, the participants, their pay and the benefits they elect (3b has the counts).
    expect(stepHeading()).toBe('Step 5a');
    expect(screen.queryByLabelText('Total HCEs')).toBeNull();
    expect(
      within(screen.getByRole('group', { name: 'HCEs who participate' })).getAllByRole('textbox'),
    ).toHaveLength(3);
    expect(
      screen.getByLabelText('Total pay of participating HCEs ($)').getAttribute('aria-describedby'),
    ).toBeTruthy();
    expect(screen.getByText('Total pay of the HCEs who participate, for the plan year.')).toBeTruthy();
    expect(screen.getAllByText('Premiums they pay before tax through the plan, per year.')).toHaveLength(2);
    await type('Participating HCEs', '3');
    await type('Total pay of participating HCEs ($)', '400000');
    await type('Benefits elected by participating HCEs ($)', '20000');
    await type('Participating non-HCEs', '3');
    await type('Total pay of participating non-HCEs ($)', '150000');
    // 3 participating HCEs of 2 eligible: told before the figure still empty (it is what was typed).
    const reason = '“Participating HCEs” is more than eligible HCEs (2). Correct it to continue.';
    expectBlocked(reason);
    await type('Benefits elected by participating non-HCEs ($)', '3000');
    // 3 participating HCEs of 2 eligible: told under the field and, in a live region, next to the
    // disabled Next, which stays on 5a.
    expect(screen.getByText('Cannot be more than eligible HCEs (2).')).toBeTruthy();
    const tooMany = screen.getByLabelText(/^Participating HCEs/);
    expect(tooMany.getAttribute('aria-invalid')).toBe('true');
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(1);
    expectBlocked(reason);
    expect(screen.getByText(reason).getAttribute('aria-live')).toBe('polite');
    await click(screen.getByRole('button', { name: 'Next' }));
    expect(stepHeading()).toBe('Step 5a');
    expect(posted(stub)).toEqual([]);
    await type('Participating HCEs', '2');
    expect(screen.queryByText('Cannot be more than eligible HCEs (2).')).toBeNull();
    await next();

    await answer('6', 'No');
    await next();
    expect(stepHeading()).toBe('Step 7');
    await type('Total cost of benefits ($)', '100000');
    expectBlocked('Enter the total cost of benefits for key employees to continue.', 'Submit');
    await type('Total cost of benefits for key employees ($)', '100001');
    expectBlocked(
      '“Total cost of benefits for key employees” is more than total cost of benefits ($100,000.00). Correct it to continue.',
      'Submit',
    );
    await type('Total cost of benefits for key employees ($)', '40000');
    await next('Submit');

    expect(posted(stub)).toEqual([
      {
        ndtAnswer1: true,
        ndtAnswer2: false,
        ndtAnswer3: false,
        ndtAnswer3a: true,
        totalNonHces: 8,
        eligibleNonHces: 6,
        totalHces: 2,
        eligibleHces: 2,
        ndtAnswer4: true,
        ndtAnswer5: false,
        participatingHces: 2,
        grossCompensationHces: 400_000,
        benefitsElectedHces: 20_000,
        participatingNonHces: 3,
        grossCompensationNonHces: 150_000,
        benefitsElectedNonHces: 3000,
        ndtAnswer6: false,
        totalCostOfBenefits: 100_000,
        totalCostKeyEmployees: 40_000,
      },
    ]);
    // Premium-only at the eligibility safe harbor: Pass, whatever steps 2, 5a and 7 say on their own.
    expect((await verdict('Pass')).className).toContain('text-success');
    expect(screen.getByText(/deemed to pass every nondiscrimination test/).textContent).toContain(
      '§1.125-7(f)',
    );
    const table = screen.getByRole('table', { name: 'Test results' });
    for (const step of ['1', '2', '5', '5a', '6', '7']) {
      const row = within(table).getByRole('row', { name: new RegExp(`^${step} `) });
      expect(within(row).getByText('Not needed')).toBeTruthy();
      expect(row.className).not.toContain('table-danger');
    }
    const row3b = within(table).getByRole('row', { name: /^3b / });
    expect(row3b.textContent).toContain('The ratio 75 is at or above the safe harbor of 35.');
    expect(within(row3b).getByText('Pass')).toBeTruthy();
    expect(screen.queryByText(/What you can change/)).toBeNull();
  });

  it('3 yes and 5 no: 5a asks the totals too; the note’s utilization Fail shows its remedy; Take the test again resets', async () => {
    const stub = open();
    await start();
    for (const step of ['1', '2', '3'] as const) {
      await answer(step, 'Yes');
      await next();
    }
    await answer('4', 'No');
    await next();
    await answer('5', 'No');
    await next();

    expect(stepHeading()).toBe('Step 5a');
    const everyone = screen.getByRole('group', { name: /All employees/ });
    expect(within(everyone).getAllByRole('textbox')).toHaveLength(2);
    await type('Total non-HCEs', '10');
    await type('Total HCEs', '2');
    await type('Participating HCEs', '1');
    await type('Total pay of participating HCEs ($)', '800000');
    await type('Benefits elected by participating HCEs ($)', '40000');
    await type('Participating non-HCEs', '5');
    await type('Total pay of participating non-HCEs ($)', '800000');
    await type('Benefits elected by participating non-HCEs ($)', '16000');
    await next();

    await answer('6', 'Yes');
    await next();
    await type('Total cost of benefits ($)', '100000');
    await type('Total cost of benefits for key employees ($)', '10000');
    await next('Submit');

    // The totals, never eligible counts: after step 3 yes every employee is eligible.
    expect(posted(stub)).toEqual([UTILIZATION_FAIL]);
    // 5% of pay against 2%: Fail, although half of each group participates.
    expect((await verdict('Fail')).className).toContain('text-danger');
    const table = screen.getByRole('table', { name: 'Test results' });
    const row5a = within(table).getByRole('row', { name: /^5a / });
    expect(row5a.className).toContain('table-danger');
    expect(row5a.textContent).toContain(
      'HCE participants elect 5% of their pay in benefits, more than the 2%',
    );
    expect(row5a.textContent).toMatch(/What you can change: Limit HCE elections/);
    const nextStep = screen.getByRole('region', { name: 'Next step' });
    expect(within(nextStep).getByRole('listitem').textContent).toMatch(/^Step 5a: Limit HCE elections/);

    await click(within(nextStep).getByRole('button', { name: 'Take the test again' }));
    expect(await screen.findByRole('heading', { name: 'Instructions' })).toBeTruthy();
    expect(screen.getByLabelText('Address').textContent).toBe('/document/doc-1/ndt');
    await next();
    for (const step of ['1', '2', '3'] as const) {
      await answer(step, 'Yes');
      await next();
    }
    await answer('4', 'No');
    await next();
    await answer('5', 'No');
    await next();
    expect((screen.getByLabelText('Total non-HCEs') as HTMLInputElement).value).toBe('');
    expect(
      (screen.getByLabelText('Benefits elected by participating HCEs ($)') as HTMLInputElement).value,
    ).toBe('');
  });

  it('3 yes and 5 yes skip 3a, 3b and 5a; Back retraces the branch taken', async () => {
    const stub = open();
    await start();
    await answer('1', 'Yes');
    await next();
    await answer('2', 'No');
    await next();
    await answer('3', 'Yes');
    await next();
    await answer('4', 'No');
    await next();
    await answer('5', 'Yes');
    await next();
    expect(stepHeading()).toBe('Step 6');

    // Back from 6 to 5, to 4, to 3 (not 3b), and forward again with the answers kept.
    for (const step of ['5', '4', '3']) {
      await click(screen.getByRole('button', { name: 'Back' }));
      expect(stepHeading()).toBe(`Step ${step}`);
    }
    const yes = within(screen.getByRole('group', { name: NDT_QUESTIONS['3'] })).getByLabelText('Yes');
    expect((yes as HTMLInputElement).checked).toBe(true);
    await next();
    await next();
    await next();
    await answer('6', 'No');
    await next();
    await type('Total cost of benefits ($)', '0');
    await type('Total cost of benefits for key employees ($)', '0');
    await next('Submit');

    expect(posted(stub)).toEqual([
      {
        ndtAnswer1: true,
        ndtAnswer2: false,
        ndtAnswer3: true,
        ndtAnswer4: false,
        ndtAnswer5: true,
        ndtAnswer6: false,
        totalCostOfBenefits: 0,
        totalCostKeyEmployees: 0,
      },
    ]);
    expect((await verdict('Fail')).className).toContain('text-danger');
  });

  it('a refusal (400) is a toast and keeps the answers; a new test then starts with every value reset', async () => {
    let refuse = true;
    open({
      'POST /epop-document/{documentId}/non-discrimination': (call) =>
        refuse
          ? {
              status: 400,
              body: { type: 'validation', errors: ['eligibleHces cannot be more than totalHces'] },
            }
          : takeTest(call),
    });
    await screen.findByRole('heading', { name: 'Instructions' });
    await type('Name', 'Pat Doe');
    await next();
    for (const step of ['1', '2', '3', '4'] as const) {
      await answer(step, 'Yes');
      await next(step === '4' ? 'Submit' : 'Next');
    }
    expect(await screen.findByText('eligibleHces cannot be more than totalHces')).toBeTruthy();
    expect(stepHeading()).toBe('Step 4');
    const yes = within(screen.getByRole('group', { name: NDT_QUESTIONS['4'] })).getByLabelText('Yes');
    expect((yes as HTMLInputElement).checked).toBe(true);

    refuse = false;
    await next('Submit');
    await verdict('Pass');
    await click(screen.getByRole('button', { name: 'Take a new test' }));

    expect(await screen.findByRole('heading', { name: 'Instructions' })).toBeTruthy();
    expect(screen.getByLabelText('Address').textContent).toBe('/document/doc-1/ndt');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    await next();
    expect(stepHeading()).toBe('Step 1');
    const group = screen.getByRole('group', { name: NDT_QUESTIONS['1'] });
    for (const choice of ['Yes', 'No']) {
      expect((within(group).getByLabelText(choice) as HTMLInputElement).checked).toBe(false);
    }
    expectBlocked('Answer Yes or No to continue.');
  });

  it('?result= shows that stored result, read from the API, for compliance too', async () => {
    const failing = storedResult(
      {
        ndtAnswer1: true,
        ndtAnswer2: true,
        ndtAnswer3: false,
        ndtAnswer3a: true,
        eligibleNonHces: 1,
        totalNonHces: 5,
        eligibleHces: 5,
        totalHces: 5,
        ndtAnswer4: true,
        ndtAnswer5: true,
        ndtAnswer6: true,
        totalCostOfBenefits: 1000,
        totalCostKeyEmployees: 100,
      },
      'res-7',
    );
    const stub = open(
      { 'GET /epop-document/{documentId}/non-discrimination/{resultId}': { body: failing } },
      '/document/doc-1/ndt?result=res-7',
      compliance,
    );
    expect((await verdict('Fail')).className).toContain('text-danger');
    expect(stub.calls.some((call) => call.url === '/api/epop-document/doc-1/non-discrimination/res-7')).toBe(
      true,
    );
    expect(screen.getByText('The ratio 20 is below the unsafe harbor of 40.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Instructions' })).toBeNull();
  });

  it('after a Fail, Change answers opens the failed step with every answer kept; the test taken again passes', async () => {
    const utilizationFail = { name: 'Pat Doe', ...UTILIZATION_FAIL };
    const stub = open(
      {
        'GET /epop-document/{documentId}/non-discrimination/{resultId}': {
          body: storedResult(utilizationFail, 'res-9'),
        },
      },
      '/document/doc-1/ndt?result=res-9',
    );
    await verdict('Fail');
    const nextStep = screen.getByRole('region', { name: 'Next step' });
    await click(within(nextStep).getByRole('button', { name: 'Change answers at step 5a' }));

    expect(await screen.findByRole('heading', { name: 'Step 5a' })).toBeTruthy();
    expect(screen.getByLabelText('Address').textContent).toBe('/document/doc-1/ndt');
    const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
    expect(value('Total non-HCEs')).toBe('10');
    expect(value('Participating HCEs')).toBe('1');
    expect(value('Benefits elected by participating HCEs ($)')).toBe('40000');
    // HCEs elect no more of their pay than the others (2%): the utilization test passes.
    await type('Benefits elected by participating HCEs ($)', '16000');
    await next();
    expect(stepHeading()).toBe('Step 6');
    await next();
    expect(value('Total cost of benefits ($)')).toBe('100000');
    await next('Submit');

    expect(posted(stub)).toEqual([{ ...utilizationFail, benefitsElectedHces: 16_000 }]);
    expect((await verdict('Pass')).className).toContain('text-success');
  });

  it('?result= of a result stored in the old shape shows it as it was, with the next step', async () => {
    open(
      { 'GET /epop-document/{documentId}/non-discrimination/{resultId}': { body: OLD_SHAPE_RESULT } },
      '/document/doc-1/ndt?result=res-old',
    );
    expect((await verdict('Fail')).className).toContain('text-danger');
    const row5a = within(screen.getByRole('table', { name: 'Test results' })).getByRole('row', {
      name: /^5a /,
    });
    expect(row5a.textContent).toContain('HCEs participate at 50%, more than the 0% of other employees.');
    expect(within(row5a).getByText('Gross compensation of HCEs')).toBeTruthy();
    expect(screen.queryByText(/Citation:/)).toBeNull();
    await click(screen.getByRole('button', { name: 'Take the test again' }));
    expect(await screen.findByRole('heading', { name: 'Instructions' })).toBeTruthy();
  });

  it('?result= of an unknown result says so', async () => {
    open(
      {
        'GET /epop-document/{documentId}/non-discrimination/{resultId}': {
          status: 404,
          body: { message: 'Test result not found' },
        },
      },
      '/document/doc-1/ndt?result=nope',
    );
    expect(await screen.findByText('This test result was not found for this document.')).toBeTruthy();
  });
});
