import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'shared-ui/router';
import { blankDocumentForm, laterPlanYear } from 'shared-domain/forms';
import { productToday } from 'shared-domain';
import { patterns, type ClientDetails, type ClientSearchRow } from 'shared-ui';
import { compliance, renderAt, stubFetch } from 'shared-ui/testing';
import { DOCUMENT, DRAFT, PRODUCT } from '../test-fixtures.js';
import { CLIENT_CHOICE_TEXT } from './ClientChoice.js';
import { OrderFormPage } from './OrderFormPage.js';

afterEach(cleanup);

const planYear = laterPlanYear(productToday(), null);
/** A complete order form, as compliance typed it in steps 1 to 3. */
const typed = {
  ...blankDocumentForm(),
  primaryEmail: 'owner@typed.test',
  federalTaxId: '98-7654321',
  clientCompanyName: 'Typed Company LLC',
  phone: '(555) 555-0100',
  addressLine1: '1 Main Street',
  city: 'Austin',
  state: 'TX',
  zipCode: '73301',
  benefitsContact: 'Pat Doe',
  benefitContactEmail: 'pat@typed.test',
  stateOfLegalConstruction: 'TX',
  legalEntityType: 'LLC',
  isERISA: true,
  totalNumAtStartPlanYear: 25,
  totalNumBenefitEligible: 20,
  allowHSAContributions: false,
  currentPlanYearStartDate: planYear.start,
  currentPlanYearEndDate: planYear.end,
};

const found: ClientSearchRow[] = [
  {
    clientId: 'cl-9',
    name: 'Harbor View Dental LLC',
    address: '12 Pier Road',
    city: 'Portland',
    state: 'ME',
  },
];
const harbor: ClientDetails = {
  clientId: 'cl-9',
  brokerId: 'u-broker',
  broker: 'Bo Broker',
  brokerEmail: 'bo@example.com',
  legalEntityType: 'LLC',
  stateOfLegalConstruction: 'ME',
  strategicPartnerId: null,
  strategicPartner: '',
  strategicPartnerAccountId: '',
  erisaAccount: false,
  companyDetail: {
    name: 'Harbor View Dental LLC',
    addressLine1: '12 Pier Road',
    addressLine2: 'Suite 4',
    city: 'Portland',
    state: 'ME',
    zipCode: '04101',
    phone: '(207) 555-0100',
    federalTaxId: '12-3456789',
    legalEntityType: 'LLC',
    stateOfLegalConstruction: 'ME',
    notes: '',
  },
};

/** Compliance's new document, opened at its last step ('Complete Document'). */
async function openAtLastStep() {
  const stub = stubFetch({
    'GET /bff/user': { body: compliance },
    'GET /product/epop/{userId}': { body: PRODUCT },
    'GET /epop/document/new/{userId}': { body: { ...DRAFT, requiresPurchase: false, form: typed } },
    'GET /client/search': (call) => ({ body: call.query.get('searchText') === 'harbor' ? found : [] }),
    'GET /client/{clientId}': { body: harbor },
    'POST /epop-document/{id}': { body: DOCUMENT },
  });
  renderAt(
    '/document/new',
    <Routes>
      <Route path={patterns.newDocument} element={<OrderFormPage openedBy="new" />} />
      <Route path="/" element={<p>Home</p>} />
    </Routes>,
  );
  await screen.findByRole('heading', { name: 'POP Document Form' });
  await click(screen.getByRole('tab', { name: 'Complete Document' }));
  await screen.findByRole('group', { name: CLIENT_CHOICE_TEXT.legend });
  return stub;
}

const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
};
const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;
const created = (stub: ReturnType<typeof stubFetch>) =>
  stub.calls.filter((call) => call.method === 'POST' && call.url.startsWith('/api/epop-document/'));

describe("compliance's new document names the client it is for", () => {
  it('makes step 1’s company a new client unless compliance picks one', async () => {
    const stub = await openAtLastStep();
    expect(radio(CLIENT_CHOICE_TEXT.newClient('Typed Company LLC')).checked).toBe(true);
    await click(screen.getByRole('button', { name: 'Create Free Document' }));
    expect(await screen.findByText('Home')).toBeTruthy();
    expect(created(stub)).toHaveLength(1);
    expect(created(stub)[0]!.body).toMatchObject({ clientCompanyName: 'Typed Company LLC' });
    expect(created(stub)[0]!.body).not.toHaveProperty('clientId');
  });

  it('creates it for an existing client found by search, with that client’s company fields', async () => {
    const stub = await openAtLastStep();
    await click(radio(CLIENT_CHOICE_TEXT.existingClient));
    fireEvent.change(screen.getByRole('searchbox', { name: CLIENT_CHOICE_TEXT.search }), {
      target: { value: 'harbor' },
    });
    await click(await screen.findByRole('button', { name: /Harbor View Dental LLC/ }));
    expect(await screen.findByText(CLIENT_CHOICE_TEXT.chosen('Harbor View Dental LLC'))).toBeTruthy();
    expect(stub.calls.some((call) => call.url === '/api/client/cl-9')).toBe(true);

    await click(screen.getByRole('button', { name: 'Create Free Document' }));
    expect(await screen.findByText('Home')).toBeTruthy();
    expect(created(stub)[0]!.body).toMatchObject({
      clientId: 'cl-9',
      clientCompanyName: 'Harbor View Dental LLC',
      federalTaxId: '12-3456789',
      city: 'Portland',
      state: 'ME',
    });
  });

  it('asks for the client when "An existing client" is chosen and none picked, and saves nothing', async () => {
    const stub = await openAtLastStep();
    await click(radio(CLIENT_CHOICE_TEXT.existingClient));
    await click(screen.getByRole('button', { name: 'Create Free Document' }));
    expect(await screen.findByText(CLIENT_CHOICE_TEXT.missing)).toBeTruthy();
    expect(created(stub)).toEqual([]);
    // Back to a new client: the document can be created again.
    await click(radio(CLIENT_CHOICE_TEXT.newClient('Typed Company LLC')));
    expect(screen.queryByText(CLIENT_CHOICE_TEXT.missing)).toBeNull();
  });
});
