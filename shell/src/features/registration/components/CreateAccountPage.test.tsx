import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { ACCOUNT_MESSAGES, MESSAGES, PASSWORD_POLICY_TEXT } from 'shared-domain';
import { stubFetch } from 'shared-ui/testing';
import { clickOn, currentLocation, fillIn, renderShell } from '../../../testing/render-shell.js';

const guest = { status: 401, body: { message: 'Not signed in' } };
const field = (name: string) => screen.getByRole('textbox', { name });

afterEach(cleanup);
beforeEach(() => localStorage.clear());

describe('/create-account', () => {
  it('offers only Producer/Broker and Employer, marks the required fields and shows the password policy', async () => {
    stubFetch({ 'GET /bff/user': guest });
    renderShell('/create-account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Account' })).toBeTruthy();
    const radios = screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'));
    expect(radios).toEqual(['broker', 'employer']);
    expect(screen.getByRole('radio', { name: 'Producer/Broker' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Employer' })).toBeTruthy();
    for (const name of ['First Name', 'Last Name', 'Username', 'Email Address']) {
      expect(field(name).hasAttribute('required')).toBe(true);
    }
    expect(field('Company Name').hasAttribute('required')).toBe(false);
    expect(screen.getByLabelText('Password').hasAttribute('required')).toBe(true);
    expect(screen.getByLabelText('Confirm Password').hasAttribute('required')).toBe(true);
    expect(screen.getByText(PASSWORD_POLICY_TEXT)).toBeTruthy();
  });

  it('sends nothing while a required field is empty, and says which', async () => {
    const { calls } = stubFetch({ 'GET /bff/user': guest });
    renderShell('/create-account');
    await clickOn(await screen.findByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.required('First name'))).toBeTruthy();
    expect(screen.getByText(ACCOUNT_MESSAGES.invalidAccountType)).toBeTruthy();
    expect(screen.getByText(ACCOUNT_MESSAGES.required('Username'))).toBeTruthy();
    expect(screen.getByText(ACCOUNT_MESSAGES.required('E-mail address'))).toBeTruthy();
    expect(screen.queryByText(ACCOUNT_MESSAGES.required('Company name'))).toBeNull();
    expect(calls.filter((call) => call.url === '/api/user')).toEqual([]);
  });

  it('POSTs user with URL-encoded names and the stored referral id, then toasts and goes to /', async () => {
    localStorage.setItem('referralId', 'ref-42');
    const { calls } = stubFetch({
      'GET /bff/user': guest,
      'POST /user': { status: 201, body: { userId: 'u-new' } },
    });
    renderShell('/create-account');
    await clickOn(await screen.findByRole('radio', { name: 'Employer' }));
    await fillIn('First Name', 'José');
    await fillIn('Last Name', "O'Brien Smith");
    await fillIn('Company Name', 'Acme & Sons, Inc.');
    await fillIn('Username', 'jose.obrien');
    await fillIn('Email Address', 'jose@example.com');
    await fillIn('Password', 'Secret-Pass1');
    await fillIn('Confirm Password', 'Secret-Pass1');
    await clickOn(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText(MESSAGES.accountCreated)).toBeTruthy();
    const posts = calls.filter((call) => call.method === 'POST' && call.url === '/api/user');
    expect(posts.map((call) => call.body)).toEqual([
      {
        accountType: 'employer',
        firstname: 'Jos%C3%A9',
        lastname: "O'Brien%20Smith",
        companyName: 'Acme%20%26%20Sons%2C%20Inc.',
        email: 'jose@example.com',
        username: 'jose.obrien',
        password: 'Secret-Pass1',
        confirmPassword: 'Secret-Pass1',
        referralId: 'ref-42',
      },
    ]);
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });

  it('sends referralId null without a referral, and shows a refusal as the server words it', async () => {
    const { calls } = stubFetch({
      'GET /bff/user': guest,
      'POST /user': { status: 400, body: { message: ACCOUNT_MESSAGES.usernameTaken } },
    });
    renderShell('/create-account');
    await clickOn(await screen.findByRole('radio', { name: 'Producer/Broker' }));
    await fillIn('First Name', 'Ann');
    await fillIn('Last Name', 'Lee');
    await fillIn('Username', 'demo.broker');
    await fillIn('Email Address', 'ann@example.com');
    await fillIn('Password', 'Secret-Pass1');
    await fillIn('Confirm Password', 'Secret-Pass1');
    await clickOn(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText(ACCOUNT_MESSAGES.usernameTaken)).toBeTruthy();
    const post = calls.find((call) => call.url === '/api/user');
    expect(post?.body).toMatchObject({ accountType: 'broker', companyName: '', referralId: null });
    expect(currentLocation()).toBe('/create-account');
  });
});
