import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { patterns } from 'shared-ui';
import { broker, renderAt, stubFetch } from 'shared-ui/testing';
import { OrderFormPage } from './OrderFormPage.js';
import { ORDER_FORM_STUBS } from '../test-fixtures.js';

afterEach(cleanup);

function openNewDocument() {
  const stub = stubFetch({
    'GET /bff/user': { body: broker },
    ...ORDER_FORM_STUBS,
  });
  renderAt(
    '/document/new',
    <Routes>
      <Route path={patterns.newDocument} element={<OrderFormPage openedBy="new" />} />
    </Routes>,
  );
  return stub;
}

const group = (name: RegExp) => screen.getByRole('group', { name });
const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
};

describe('the order form', () => {
  it('shows the errors of a step when the user tries to leave it, and answers keep their value after', async () => {
    openNewDocument();
    await screen.findByRole('heading', { name: 'POP Document Order Form' });
    await click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Primary e-mail is required')).toBeTruthy();
    expect(screen.getByRole('tabpanel').getAttribute('aria-label')).toBe('Step 1 - Company Information');
    await click(within(group(/subject to ERISA/)).getByLabelText('No'));
    await act(async () => {
      fireEvent.blur(within(group(/subject to ERISA/)).getByLabelText('No'));
    });
    await click(within(group(/subject to ERISA/)).getByLabelText('Yes'));
    expect((within(group(/subject to ERISA/)).getByLabelText('Yes') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByLabelText('ERISA Plan Number')).toBeTruthy();
  });
});
