import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import {
  DateField,
  Form,
  Formik,
  LegalEntitySelect,
  MaskedField,
  NumericField,
  StateSelect,
  TextField,
  YesNoField,
  useFormikContext,
} from './index.js';
import { loadMasks } from './MaskedField.js';

afterEach(cleanup);

type Values = Record<string, unknown>;

/** A form around the fields, showing its values as JSON so the tests read what formik holds. */
function renderForm(
  fields: React.ReactNode,
  initialValues: Values = {},
  validate?: (values: Values) => Values,
) {
  function Values() {
    const { values } = useFormikContext<Values>();
    return <output data-testid="values">{JSON.stringify(values)}</output>;
  }
  render(
    <Formik initialValues={initialValues} validate={validate} onSubmit={() => undefined}>
      <Form>
        {fields}
        <Values />
      </Form>
    </Formik>,
  );
}
const values = () => JSON.parse(screen.getByTestId('values').textContent ?? '{}') as Values;
const type = (label: string, text: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
const leave = async (label: string) => {
  await act(async () => {
    fireEvent.blur(screen.getByLabelText(label));
  });
};

describe('labelled fields', () => {
  it('mark required fields with a red asterisk and show the error under the field once touched', async () => {
    renderForm(<TextField name="name" label="Company Name" required />, { name: '' }, (form) =>
      form.name ? {} : { name: 'Company name is required' },
    );
    const input = screen.getByLabelText('Company Name');
    expect(input.hasAttribute('required')).toBe(true);
    const asterisk = input.closest('.mb-3')!.querySelector('.text-danger');
    expect(asterisk?.textContent).toBe('*');
    expect(screen.queryByText('Company name is required')).toBeNull();
    await leave('Company Name');
    const error = await screen.findByText('Company name is required');
    expect(input.getAttribute('aria-describedby')).toContain(error.id);
  });
});

describe('MaskedField', () => {
  it.each([
    ['phone', '5551234567', '(555) 123-4567'],
    ['zip', '292011234', '29201-1234'],
    ['zip', '29201', '29201'],
    ['taxId', '123456789', '12-3456789'],
    ['aba', '12345678901', '123456789'],
    ['cardNumber', '4111111111111111', '4111 1111 1111 1111'],
    ['cardNumber', '378282246310005', '3782 822463 10005'],
  ] as const)('%s: typing %s gives %s', async (mask, typed, shown) => {
    renderForm(<MaskedField name="value" label="Value" mask={mask} />, { value: '' });
    const input = screen.getByLabelText('Value') as HTMLInputElement;
    await act(async () => {
      fireEvent.input(input, { target: { value: typed } });
    });
    await waitFor(() => expect(input.value).toBe(shown));
    expect(values().value).toBe(shown);
  });

  it.each([
    ['phone', '5551234567', '(555) 123-4567'],
    ['cardNumber', '378282246310005', '3782 822463 10005'],
  ] as const)('%s, with the mask there: typing %s gives %s', async (mask, typed, shown) => {
    renderForm(<MaskedField name="value" label="Value" mask={mask} />, { value: '' });
    // imask is asked for when the browser is idle after the form is drawn, or at once on focus.
    const input = screen.getByLabelText('Value') as HTMLInputElement;
    fireEvent.focus(input);
    await act(async () => void (await loadMasks()));
    await act(async () => {
      fireEvent.input(input, { target: { value: typed } });
    });
    expect(input.value).toBe(shown);
    expect(values().value).toBe(shown);
  });

  /** A phone field, and a button that sets its value from elsewhere (a draft restored, a reset). */
  function renderPhone(initial: string, setTo: string) {
    function SetElsewhere() {
      const { setFieldValue } = useFormikContext<Values>();
      return (
        <button type="button" onClick={() => void setFieldValue('phone', setTo)}>
          Set elsewhere
        </button>
      );
    }
    renderForm(
      <>
        <MaskedField name="phone" label="Phone" mask="phone" />
        <SetElsewhere />
      </>,
      { phone: initial },
    );
    return screen.getByLabelText('Phone') as HTMLInputElement;
  }
  const setElsewhere = () =>
    act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Set elsewhere' }));
    });

  it("shows a value set from elsewhere (a draft restored, a reset) in the mask's format", async () => {
    const input = renderPhone('5551234567', '8035550199');
    await waitFor(() => expect(input.value).toBe('(555) 123-4567'));
    expect(values().phone).toBe('(555) 123-4567');
    await setElsewhere();
    await waitFor(() => expect(input.value).toBe('(803) 555-0199'));
    expect(values().phone).toBe('(803) 555-0199');
  });

  it('holds the formatted text when a value set from elsewhere shows as the text already there', async () => {
    renderPhone('(555) 123-4567', '5551234567');
    fireEvent.focus(screen.getByLabelText('Phone'));
    await act(async () => void (await loadMasks()));
    await setElsewhere();
    await waitFor(() => expect(values().phone).toBe('(555) 123-4567'));
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('(555) 123-4567');
  });

  it('refuses an incomplete value with the mask message', async () => {
    renderForm(<MaskedField name="phone" label="Phone" mask="phone" />, { phone: '' });
    await act(async () => {
      fireEvent.input(screen.getByLabelText('Phone'), { target: { value: '55512' } });
    });
    await leave('Phone');
    expect(await screen.findByText('Enter a phone number as (###) ###-####')).toBeTruthy();
  });
});

describe('DateField', () => {
  it.each(['03/15/26', '03/15/2026', '26-03-15', '2026-03-15', '03152026'])(
    'reads %s as March 15, 2026 and shows it as 03/15/2026',
    async (text) => {
      renderForm(<DateField name="start" label="Plan Year Start Date" />, { start: '' });
      const input = screen.getByLabelText('Plan Year Start Date') as HTMLInputElement;
      expect(input.placeholder).toBe('mm/dd/yyyy');
      type('Plan Year Start Date', text);
      await leave('Plan Year Start Date');
      expect(input.value).toBe('03/15/2026');
      expect(values().start).toBe('2026-03-15');
    },
  );

  it('refuses a date that does not exist, keeping the text', async () => {
    renderForm(<DateField name="start" label="Start" />, { start: '' });
    type('Start', '02/30/2026');
    await leave('Start');
    expect((screen.getByLabelText('Start') as HTMLInputElement).value).toBe('02/30/2026');
    expect(await screen.findByText('Enter a valid date (mm/dd/yyyy)')).toBeTruthy();
  });
});

describe('NumericField', () => {
  it('drops non-digits and refuses values above the maximum', async () => {
    renderForm(
      <>
        <NumericField name="employees" label="Employees" />
        <NumericField name="notice" label="Notice" maxValue={9999} />
      </>,
      { employees: '', notice: '' },
    );
    const employees = screen.getByLabelText('Employees') as HTMLInputElement;
    await act(async () => type('Employees', '1a2,3'));
    expect(employees.value).toBe('123');
    expect(values().employees).toBe(123);
    await act(async () => type('Employees', '999999'));
    await act(async () => type('Employees', '1000000'));
    expect(employees.value).toBe('999999');
    await act(async () => type('Notice', '12345'));
    expect((screen.getByLabelText('Notice') as HTMLInputElement).value).toBe('');
    await act(async () => type('Employees', ''));
    expect(values().employees).toBe('');
  });
});

describe('selects', () => {
  it('offers the 50 states plus DC by name, valued by id', async () => {
    renderForm(<StateSelect name="state" label="State" />, { state: '' });
    const options = Array.from((screen.getByLabelText('State') as HTMLSelectElement).options);
    expect(options).toHaveLength(52); // the empty choice and 51
    expect(options.find((option) => option.value === 'DC')?.textContent).toBe('District of Columbia');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('State'), { target: { value: 'SC' } });
    });
    expect(values().state).toBe('SC');
  });

  it('leaves out excluded states and clears a chosen one when it becomes excluded', async () => {
    function Partner() {
      const [exclude, setExclude] = useState<string[]>([]);
      return (
        <>
          <StateSelect name="state" label="State" exclude={exclude} />
          <button type="button" onClick={() => setExclude(['SC', 'NY'])}>
            exclude
          </button>
        </>
      );
    }
    renderForm(<Partner />, { state: 'SC' });
    expect((screen.getByLabelText('State') as HTMLSelectElement).value).toBe('SC');
    await act(async () => {
      fireEvent.click(screen.getByText('exclude'));
    });
    await waitFor(() => expect(values().state).toBe(''));
    const ids = Array.from((screen.getByLabelText('State') as HTMLSelectElement).options).map(
      (option) => option.value,
    );
    expect(ids).not.toContain('SC');
    expect(ids).not.toContain('NY');
    expect(ids).toHaveLength(50);
  });

  it('offers the seven legal entity types', () => {
    renderForm(<LegalEntitySelect name="type" label="Legal Entity Type" />, { type: '' });
    const labels = Array.from((screen.getByLabelText('Legal Entity Type') as HTMLSelectElement).options).map(
      (option) => option.textContent,
    );
    expect(labels.slice(1)).toEqual([
      'Corp',
      'Sole Prop',
      'Partnership',
      'Corp - Sub Chapter S',
      'Non-Profit Organization',
      'LLC',
      'Government Entity',
    ]);
  });

  it('answers yes/no questions with booleans', async () => {
    renderForm(<YesNoField name="isERISA" label="Is the plan subject to ERISA?" required />, {
      isERISA: null,
    });
    await act(async () => {
      fireEvent.click(screen.getByLabelText('No'));
    });
    expect(values().isERISA).toBe(false);
    await act(async () => {
      fireEvent.click(screen.getByLabelText('Yes'));
    });
    expect(values().isERISA).toBe(true);
  });
});

describe('YesNoField help and errors', () => {
  it('names its explanation on the group, and its error on the group and on each radio', async () => {
    renderForm(
      <YesNoField
        name="negativeEnrollment"
        label="Negative enrollment?"
        help="Employees are enrolled unless they opt out."
      />,
      { negativeEnrollment: null },
      (form) => (form.negativeEnrollment === null ? { negativeEnrollment: 'Please answer' } : {}),
    );
    const group = screen.getByRole('group', { name: 'Negative enrollment?' });
    const help = screen.getByText('Employees are enrolled unless they opt out.');
    expect(group.getAttribute('aria-describedby')).toBe(help.id);
    await act(async () => {
      fireEvent.blur(screen.getByLabelText('Yes'));
    });
    const error = await screen.findByText('Please answer');
    expect(group.getAttribute('aria-describedby')).toBe(`${help.id} ${error.id}`);
    for (const choice of ['Yes', 'No']) {
      const radio = screen.getByLabelText(choice);
      expect(radio.getAttribute('aria-invalid')).toBe('true');
      expect(radio.getAttribute('aria-describedby')).toBe(error.id);
    }
  });
});
