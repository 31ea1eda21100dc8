import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'shared-ui/router';
import { paths, patterns } from 'shared-ui';
import { compliance, renderAt, stubFetch, type StubAnswers } from 'shared-ui/testing';
import type { StrategicPartner } from '../api/partners.js';
import { StrategicPartnerList } from './StrategicPartnerList.js';
import { StrategicPartnerPage } from './StrategicPartnerPage.js';

const DETAIL = {
  name: 'Summit Benefits Partners',
  phone: '(303) 555-0110',
  federalTaxId: '84-1234567',
  addressLine1: '110 Commerce Way',
  addressLine2: 'Suite 2',
  city: 'Denver',
  state: 'CO',
  zipCode: '80202',
  notes: '',
};
const SUMMIT: StrategicPartner = {
  companyId: 'sp-summit',
  name: DETAIL.name,
  customUrl: 'https://summit.example',
  referralId: 'abc123xyz0',
  companyDetail: DETAIL,
};
const BLANK = {
  companyId: null,
  name: '',
  customUrl: '',
  referralId: '',
  companyDetail: Object.fromEntries(Object.keys(DETAIL).map((key) => [key, ''])) as typeof DETAIL,
};

afterEach(cleanup);

const page = () => (
  <Routes>
    <Route path={patterns.strategicPartners} element={<StrategicPartnerList />} />
    <Route path={patterns.newStrategicPartner} element={<StrategicPartnerPage />} />
    <Route path={patterns.strategicPartner} element={<StrategicPartnerPage />} />
  </Routes>
);

function stub(extra: StubAnswers = {}) {
  return stubFetch({
    'GET /bff/user': { body: compliance },
    'GET /strategic-partner': { body: [SUMMIT] },
    'GET /strategic-partner/new': { body: BLANK },
    'GET /strategic-partner/{id}': { body: SUMMIT },
    'GET /strategic-partner/{id}/label': {
      body: [
        { internalName: 'account-id', label: 'Account ID', helpText: '', visible: false },
        { internalName: 'account-id-suffix', label: 'Account ID Suffix', helpText: '', visible: false },
      ],
    },
    'GET /strategic-partner/rule': {
      body: [
        { id: 1, name: 'auto-renew', displayName: 'Auto-Renew', description: 'Renews.', route: 'auto-renew' },
        {
          id: 2,
          name: 'bypass shopping cart',
          displayName: 'Bypass Shopping Cart',
          description: 'Bypasses.',
          route: 'bypass-shopping-cart',
        },
        {
          id: 4,
          name: 'exclude states',
          displayName: 'Exclude States',
          description: 'Excludes.',
          route: 'exclude-states',
        },
      ],
    },
    'GET /strategic-partner/{id}/rule': { body: [] },
    'GET /strategic-partner/{id}/client': { body: { data: [], pages: 0 } },
    'GET /company/{companyId}/user': { body: [] },
    'GET /product': { body: [{ id: 'p-pop', name: 'POP Document' }] },
    ...extra,
  } as StubAnswers);
}

const type = (label: string, value: string, within_: HTMLElement = document.body) => {
  const input = within(within_).getByLabelText(label);
  fireEvent.input(input, { target: { value } });
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe('the strategic partner list', () => {
  it('shows name, address, city, state and custom URL, and Create Strategic Partner', async () => {
    stub();
    renderAt(paths.strategicPartners(), page());
    const row = await screen.findByRole('row', { name: /Summit Benefits Partners/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Summit Benefits Partners',
      '110 Commerce Way, Suite 2',
      'Denver',
      'CO',
      'https://summit.example',
    ]);
    expect(screen.getByRole('link', { name: 'Create Strategic Partner' }).getAttribute('href')).toBe(
      '/admin/strategic-partner/new',
    );
  });
});

describe('the strategic partner page', () => {
  it("opens a new partner in edit mode; Save sends it, says '{name} has been added' and returns to the list", async () => {
    const { calls } = stub({
      'POST /strategic-partner': (call) => ({
        body: { ...SUMMIT, companyId: 'sp-new', ...(call.body as object), name: 'Northwind Benefits' },
      }),
    });
    renderAt(paths.newStrategicPartner(), page());
    expect(await screen.findByRole('heading', { name: 'New Strategic Partner' })).toBeTruthy();
    const form = await screen.findByRole('form', { name: 'Strategic partner' });
    type('Name', 'Northwind Benefits', form);
    type('Phone', '3035550199', form);
    type('Zip Code', '802021234', form);
    type('Federal Tax ID', '847654321', form);
    fireEvent.change(within(form).getByLabelText('State'), { target: { value: 'CO' } });
    type('Custom URL', 'https://northwind.example', form);
    // A new partner has no rules, labels or clients yet.
    expect(screen.queryByRole('heading', { name: 'Rules' })).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Northwind Benefits has been added')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Strategic Partners' })).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      customUrl: 'https://northwind.example',
      companyDetail: {
        ...BLANK.companyDetail,
        name: 'Northwind Benefits',
        phone: '(303) 555-0199',
        zipCode: '80202-1234',
        federalTaxId: '84-7654321',
        state: 'CO',
      },
    });
  });

  it('keeps a new partner without a name from being sent, and Cancel returns to the list', async () => {
    const { calls } = stub();
    renderAt(paths.newStrategicPartner(), page());
    const form = await screen.findByRole('form', { name: 'Strategic partner' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Company name is required')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Strategic Partners' })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('shows a partner in view mode with its referral link; Cancel restores the copy, Save updates', async () => {
    const { calls } = stub({
      'POST /strategic-partner/{id}': (call) => ({
        body: {
          ...SUMMIT,
          companyDetail: (call.body as { companyDetail: typeof DETAIL }).companyDetail,
          name: 'Summit Partners',
        },
      }),
    });
    renderAt(paths.strategicPartner('sp-summit'), page());
    expect(await screen.findByRole('heading', { name: 'Summit Benefits Partners', level: 1 })).toBeTruthy();
    expect((screen.getByLabelText('Referral Link') as HTMLInputElement).value).toBe(
      `${window.location.origin}/#/referral/abc123xyz0`,
    );
    const writeText = jest.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/#/referral/abc123xyz0`);

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    let form = await screen.findByRole('form', { name: 'Strategic partner' });
    type('Name', 'Changed Name', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Strategic partner' })).toBeNull());
    expect(screen.getByText('Summit Benefits Partners', { selector: 'dd' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    form = await screen.findByRole('form', { name: 'Strategic partner' });
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('Summit Benefits Partners');
    type('Name', 'Summit Partners', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Summit Partners has been updated')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Strategic Partners' })).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/api/strategic-partner/sp-summit');
    expect(post?.body).toEqual({
      customUrl: 'https://summit.example',
      companyDetail: { ...DETAIL, name: 'Summit Partners' },
    });
  });

  it("deletes after asking: 'Record has been deleted' and back to the list", async () => {
    const { calls } = stub({
      'DELETE /strategic-partner/{id}': { body: { companyId: 'sp-summit', deleted: true } },
    });
    renderAt(paths.strategicPartner('sp-summit'), page());
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete the strategic partner Summit Benefits Partners?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Record has been deleted')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Strategic Partners' })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/strategic-partner/sp-summit',
    ]);
  });

  it("saves the labels table: 'Labels updated'", async () => {
    const { calls } = stub({
      'POST /strategic-partner/{id}/label': (call) => ({ body: call.body as never }),
    });
    renderAt(paths.strategicPartner('sp-summit'), page());
    const table = await screen.findByRole('table', { name: 'Fields' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Internal Field Name', 'Label', 'Help Text', 'Visible']);
    type('Label of account-id', 'Summit Member Number');
    type('Help text of account-id', 'On the member card');
    fireEvent.click(screen.getByLabelText('account-id visible'));
    fireEvent.click(screen.getByRole('button', { name: 'Save Labels' }));
    expect(await screen.findByText('Labels updated')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual([
      {
        internalName: 'account-id',
        label: 'Summit Member Number',
        helpText: 'On the member card',
        visible: true,
      },
      { internalName: 'account-id-suffix', label: 'Account ID Suffix', helpText: '', visible: false },
    ]);
  });

  it("adds a rule from the dropdown ('Rule has been saved'), then removes it ('Rule has been removed')", async () => {
    let assigned: object[] = [];
    const { calls } = stub({
      'GET /strategic-partner/{id}/rule': () => ({ body: assigned as never }),
      'GET /strategic-partner/{id}/rule/{ruleTypeId}': () => ({
        body: assigned.length
          ? [{ ruleId: 'r-1', ruleTypeId: 4, productId: null, productName: null, states: 'CA, NY' }]
          : [],
      }),
      'POST /strategic-partner/{id}/rule/{route}': () => {
        assigned = [
          {
            id: 4,
            ruleTypeId: 4,
            name: 'exclude states',
            displayName: 'Exclude States',
            description: 'Excludes.',
            route: 'exclude-states',
            summary: 'CA, NY',
          },
        ];
        return { body: [] };
      },
      'DELETE /strategic-partner/{id}/rule/{ruleId}': () => {
        assigned = [];
        return { body: { ruleTypeId: 4, removed: 1 } };
      },
    });
    renderAt(paths.strategicPartner('sp-summit'), page());
    expect(await screen.findByText('No rules assigned')).toBeTruthy();
    const add = screen.getByLabelText('Add a rule') as HTMLSelectElement;
    expect([...add.options].map((option) => option.text)).toEqual([
      'Select...',
      'Auto-Renew',
      'Bypass Shopping Cart',
      'Exclude States',
    ]);
    fireEvent.change(add, { target: { value: '4' } });
    const form = await screen.findByRole('form', { name: 'Exclude States rule' });
    type('States', 'CA, ZZ', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('Not state abbreviations: ZZ')).toBeTruthy();
    type('States', 'CA, NY', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Rule has been saved')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/api/strategic-partner/sp-summit/rule/exclude-states');
    expect(post?.body).toEqual([{ productId: null, states: 'CA, NY' }]);

    // The lists reload: the rule is assigned, the form now updates and removes it.
    const assignedTable = await screen.findByRole('table', { name: 'Assigned rules' });
    expect(within(assignedTable).getByText('CA, NY')).toBeTruthy();
    const updating = await screen.findByRole('form', { name: 'Exclude States rule' });
    fireEvent.click(await within(updating).findByRole('button', { name: 'Remove' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Rule has been removed')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/strategic-partner/sp-summit/rule/4',
    ]);
    expect(await screen.findByText('No rules assigned')).toBeTruthy();
  });

  it('offers the products for auto-renew, with 3 days prior by default', async () => {
    const { calls } = stub({ 'POST /strategic-partner/{id}/rule/{route}': { body: [] } });
    renderAt(paths.strategicPartner('sp-summit'), page());
    fireEvent.change(await screen.findByLabelText('Add a rule'), { target: { value: '1' } });
    const form = await screen.findByRole('form', { name: 'Auto-Renew rule' });
    expect((within(form).getByLabelText('Days Prior') as HTMLInputElement).value).toBe('3');
    const product = within(form).getByLabelText('Product') as HTMLSelectElement;
    await waitFor(() =>
      expect([...product.options].map((option) => option.text)).toEqual(['Select...', 'POP Document']),
    );
    fireEvent.change(product, { target: { value: 'p-pop' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Rule has been saved')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual([
      { productId: 'p-pop', daysPrior: 3 },
    ]);
  });
});
