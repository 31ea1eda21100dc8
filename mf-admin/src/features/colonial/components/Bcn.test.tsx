import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { compliance, renderAt, stubFetch } from 'shared-ui/testing';
import { Bcn, bcnItems } from './Bcn.js';

afterEach(cleanup);

describe('the BCN page', () => {
  it('splits the list as typed, blanks included', () => {
    expect(bcnItems('A, ,B,')).toEqual(['A', ' ', 'B', '']);
    expect(bcnItems('  ')).toEqual([]);
  });

  it('posts each item: an error toast per failed item, Added for the others, the list reloads', async () => {
    const listed = [{ bcn: 'OLD-1', addedBy: 'demo.compliance', addedDate: '2026-01-01T00:00:00.000Z' }];
    const { calls } = stubFetch({
      'GET /bff/user': { body: compliance },
      'GET /colonial/bcn': () => ({ body: listed }),
      'POST /colonial/bcn': ({ body }) => {
        const bcn = String((body as { bcn: string }).bcn)
          .trim()
          .toUpperCase();
        if (bcn === '') return { status: 400, body: { message: 'A BCN cannot be blank' } };
        if (listed.some((row) => row.bcn === bcn))
          return { status: 400, body: { message: `${bcn} is already a test BCN` } };
        listed.push({ bcn, addedBy: 'demo.compliance', addedDate: '2026-01-02T00:00:00.000Z' });
        return { body: listed[listed.length - 1] };
      },
      'GET /client/search': ({ query }) => ({
        body:
          query.get('bcn') === 'SB-42'
            ? [{ clientId: 'c-1', name: 'Search Bcn Co', address: '', city: 'Reno', state: 'NV' }]
            : [],
      }),
    });
    renderAt('/admin/utilities/bcn', <Bcn />);
    expect(await screen.findByText('OLD-1')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Add BCNs'), { target: { value: 'new-1, ,OLD-1,NEW-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('A BCN cannot be blank')).toBeTruthy();
    expect(await screen.findByText('OLD-1 is already a test BCN')).toBeTruthy();
    expect(await screen.findByText('Added NEW-1, NEW-2')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('NEW-2')).toBeTruthy());
    expect((screen.getByLabelText('Add BCNs') as HTMLInputElement).value).toBe(' ,OLD-1');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { bcn: 'new-1' },
      { bcn: ' ' },
      { bcn: 'OLD-1' },
      { bcn: 'NEW-2' },
    ]);

    fireEvent.change(screen.getByLabelText('BCN to search'), { target: { value: 'SB-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('link', { name: 'Search Bcn Co' })).getAttribute('href')).toBe(
      '/admin/client/c-1',
    );
    fireEvent.change(screen.getByLabelText('BCN to search'), { target: { value: 'NONE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No results found')).toBeTruthy();
  });
});
