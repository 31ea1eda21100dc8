import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { MESSAGES } from 'shared-domain';
import { ErrorWindowHost } from '../feedback/ErrorWindowHost.js';
import { closeErrorWindow } from '../feedback/error-window-store.js';
import { ToastHost } from '../feedback/toasts.js';
import { stubFetch } from '../testing/fetch-stub.js';
import { apiKey, useApi, useRevalidate } from './client.js';
import { isNotFound } from './errors.js';

function renderWithCache(children: ReactNode) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ToastHost />
      <ErrorWindowHost />
      {children}
    </SWRConfig>,
  );
}

function CartCount({ userId }: { userId: string | null }) {
  const { data } = useApi(
    '/shopping-cart/{userId}/count/saved-for-later',
    userId === null ? null : { path: { userId } },
  );
  return <p>{data ? `${userId}: ${data.cartCount} in cart` : 'no count'}</p>;
}

function Client({ clientId }: { clientId: string }) {
  const { data, error } = useApi('/client/{clientId}', { path: { clientId } }, { quiet: [404] });
  if (error) return <p>{isNotFound(error) ? 'Client not found here' : 'Client could not be loaded'}</p>;
  return <p>{data ? data.companyDetail.name : 'Loading client'}</p>;
}

afterEach(() => {
  act(() => closeErrorWindow());
  cleanup();
});

describe('apiKey: the cache key of a read, from its path and parameters', () => {
  it('is the path, then the path parameters in the order the path names them', () => {
    expect(
      apiKey('/strategic-partner/{id}/rule/{ruleTypeId}', { path: { ruleTypeId: 3, id: 'sp-1' } }),
    ).toEqual(['/strategic-partner/{id}/rule/{ruleTypeId}', 'sp-1', 3]);
    expect(apiKey('/shopping-cart/{id}', { path: { id: 'u1' } })).toEqual(['/shopping-cart/{id}', 'u1']);
    expect(apiKey('/strategic-partner')).toEqual(['/strategic-partner']);
  });

  it('ends with the query when it has a value', () => {
    expect(apiKey('/order', { query: { page: 2, pageSize: 10, searchText: 'a' } })).toEqual([
      '/order',
      { page: 2, pageSize: 10, searchText: 'a' },
    ]);
    expect(apiKey('/product/epop/{userId}', { path: { userId: 'u1' }, query: {} })).toEqual([
      '/product/epop/{userId}',
      'u1',
    ]);
    expect(
      apiKey('/product/epop/{userId}', { path: { userId: 'u1' }, query: { strategicPartnerId: undefined } }),
    ).toEqual(['/product/epop/{userId}', 'u1']);
  });
});

describe('useApi', () => {
  it('reads GET /api + path with its parameters; the same path and parameters share one request', async () => {
    const { calls } = stubFetch({
      'GET /shopping-cart/{userId}/count/saved-for-later': ({ params }) => ({
        body: { cartCount: params.userId === 'u1' ? 2 : 5, savedForLaterCount: 0 },
      }),
    });
    renderWithCache(
      <>
        <CartCount userId="u1" />
        <CartCount userId="u1" />
        <CartCount userId="u2" />
        <CartCount userId={null} />
      </>,
    );
    expect(await screen.findAllByText('u1: 2 in cart')).toHaveLength(2);
    expect(await screen.findByText('u2: 5 in cart')).toBeTruthy();
    expect(screen.getByText('no count')).toBeTruthy();
    expect(calls.map((call) => call.url).sort()).toEqual([
      '/api/shopping-cart/u1/count/saved-for-later',
      '/api/shopping-cart/u2/count/saved-for-later',
    ]);
  });

  it('serializes the query and keys the read by it', async () => {
    const { calls } = stubFetch({
      'GET /order': ({ query }) => ({ body: { data: [], pages: Number(query.get('page')) } }),
    });
    function Pages({ page }: { page: number }) {
      const { data } = useApi('/order', { query: { page, pageSize: 10, searchText: '' } });
      return <p>{data ? `page ${page} of ${data.pages}` : 'loading'}</p>;
    }
    renderWithCache(
      <>
        <Pages page={1} />
        <Pages page={3} />
      </>,
    );
    expect(await screen.findByText('page 1 of 1')).toBeTruthy();
    expect(await screen.findByText('page 3 of 3')).toBeTruthy();
    expect(calls.map((call) => call.url).sort()).toEqual([
      '/api/order?page=1&pageSize=10&searchText=',
      '/api/order?page=3&pageSize=10&searchText=',
    ]);
  });

  it("is re-read by useRevalidate(paths, first): its key's second item is the first path parameter", async () => {
    let counts = 0;
    const { calls } = stubFetch({
      'GET /shopping-cart/{userId}/count/saved-for-later': () => ({
        body: { cartCount: ++counts, savedForLaterCount: 0 },
      }),
    });
    let reread: (() => Promise<unknown>) | undefined;
    function Rereader() {
      const revalidate = useRevalidate();
      useEffect(() => {
        reread = () => revalidate(['/shopping-cart/{userId}/count/saved-for-later'], 'u1');
      }, [revalidate]);
      return null;
    }
    renderWithCache(
      <>
        <CartCount userId="u1" />
        <CartCount userId="u2" />
        <Rereader />
      </>,
    );
    await screen.findByText(/u1: \d in cart/);
    await screen.findByText(/u2: \d in cart/);
    expect(calls).toHaveLength(2);
    await act(async () => {
      await reread!();
    });
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]!.url).toBe('/api/shopping-cart/u1/count/saved-for-later');
    expect(screen.getByText('u1: 3 in cart')).toBeTruthy();
  });

  it('quiet: [404] leaves the 404 to the page, without a toast', async () => {
    stubFetch({ 'GET /client/{clientId}': { status: 404, body: { message: 'Client not found' } } });
    renderWithCache(<Client clientId="gone" />);
    expect(await screen.findByText('Client not found here')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Client not found')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('quiet: [404] still tells a 500 (the error window)', async () => {
    stubFetch({ 'GET /client/{clientId}': { status: 500, body: { errorText: 'Database down' } } });
    renderWithCache(<Client clientId="c1" />);
    expect(await screen.findByText('Client could not be loaded')).toBeTruthy();
    expect(await screen.findByText(MESSAGES.errorWindowTitle)).toBeTruthy();
    expect(screen.getByText('Database down')).toBeTruthy();
  });
});
