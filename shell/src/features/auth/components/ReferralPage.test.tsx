import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { stubFetch } from 'shared-ui/testing';
import { currentLocation, renderShell } from '../../../testing/render-shell.js';

const guest = { status: 401, body: { message: 'Not signed in' } };

beforeEach(() => localStorage.clear());
afterEach(cleanup);

async function openReferral(path: string) {
  stubFetch({ 'GET /bff/user': guest, 'POST /page-view': { status: 204 } });
  renderShell(path);
  await waitFor(() => expect(currentLocation()).toBe('/'));
  await screen.findByRole('button', { name: 'Secure Sign In' });
}

describe('/referral/{referralId}', () => {
  it('stores the (trimmed) referral id and goes to /', async () => {
    await openReferral('/referral/%20Ref_4.2-x%20');
    expect(localStorage.getItem('referralId')).toBe('Ref_4.2-x');
  });

  it('keeps an id of exactly 100 characters', async () => {
    await openReferral(`/referral/${'a'.repeat(100)}`);
    expect(localStorage.getItem('referralId')).toBe('a'.repeat(100));
  });

  it.each([
    ['longer than 100 characters', `/referral/${'a'.repeat(101)}`],
    ['other characters', '/referral/%3Cscript%3E'],
    ['blank', '/referral/%20%20'],
  ])('ignores an id %s (not stored, an earlier one stays) and goes to /', async (_, path) => {
    localStorage.setItem('referralId', 'ref-earlier');
    await openReferral(path);
    expect(localStorage.getItem('referralId')).toBe('ref-earlier');
  });

  it('ignores an id that is not sane when nothing was stored before', async () => {
    await openReferral(`/referral/${'b'.repeat(150)}`);
    expect(localStorage.getItem('referralId')).toBeNull();
  });
});
