import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { broker, compliance, employer, stubFetch } from 'shared-ui/testing';
import { clickOn, currentLocation, fillIn, renderShell } from '../../../testing/render-shell.js';
import { INVITATION_ACCEPTED } from './InvitationPage.js';

const guest = { status: 401, body: { message: 'Not signed in' } };
const claimed = { actionItemId: 'a-1', documentId: 'd-1' };
const claims = (calls: { url: string; body: unknown }[]) =>
  calls.filter((call) => call.url === '/api/action-item/claim').map((call) => call.body);

afterEach(cleanup);

describe('/invitation?token=…', () => {
  it('signed in: names the account, accepts on request and opens the invitation’s document', async () => {
    const { calls } = stubFetch({
      'GET /bff/user': { body: employer },
      'POST /action-item/claim': { body: claimed },
    });
    renderShell('/invitation?token=inv-1');
    expect(await screen.findByText('Demo Broker (demo.employer)')).toBeTruthy();
    // Nothing is accepted by merely opening the page.
    expect(claims(calls)).toEqual([]);
    await clickOn(screen.getByRole('button', { name: 'Accept Invitation' }));
    await waitFor(() => expect(currentLocation()).toBe('/document/action-item/a-1'));
    expect(claims(calls)).toEqual([{ token: 'inv-1' }]);
    expect(await screen.findByText(INVITATION_ACCEPTED)).toBeTruthy();
  });

  it('a guest signs in on the page and the invitation is accepted at once', async () => {
    let signedIn = false;
    const { calls } = stubFetch({
      'GET /bff/user': () => (signedIn ? { body: broker } : guest),
      'POST /bff/login': () => {
        signedIn = true;
        return { body: broker };
      },
      'POST /user/{userId}/login': { status: 204 },
      'POST /action-item/claim': { body: claimed },
    });
    renderShell('/invitation?token=inv-2');
    expect(await screen.findByRole('button', { name: 'Secure Sign In' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create one' }).getAttribute('href')).toBe('/create-account');
    await fillIn('Username', 'demo.broker');
    await fillIn('Password', 'Secret-2026');
    await clickOn(screen.getByRole('button', { name: 'Secure Sign In' }));
    await waitFor(() => expect(currentLocation()).toBe('/document/action-item/a-1'));
    expect(claims(calls)).toEqual([{ token: 'inv-2' }]);
    expect(calls.filter((call) => call.url === '/api/user/u-broker/login')).toHaveLength(1);
  });

  it("a used, expired or someone else's link says the server's reason, and stays on the page", async () => {
    const refusal =
      'This invitation link is invalid, has been accepted by another account or has expired. Please ask for a new invitation';
    stubFetch({
      'GET /bff/user': { body: employer },
      'POST /action-item/claim': { status: 400, body: { message: refusal } },
    });
    renderShell('/invitation?token=used');
    await clickOn(await screen.findByRole('button', { name: 'Accept Invitation' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.getAllByText(refusal)).toHaveLength(1);
    expect(currentLocation()).toBe('/invitation?token=used');
  });

  it('compliance is told the invitation is for the person invited, and accepts nothing', async () => {
    const { calls } = stubFetch({ 'GET /bff/user': { body: compliance } });
    renderShell('/invitation?token=inv-3');
    expect(await screen.findByText(/This invitation is for the person who was invited/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept Invitation' })).toBeNull();
    expect(claims(calls)).toEqual([]);
  });
});
