import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from 'shared-domain';
import { ErrorWindowHost } from '../feedback/ErrorWindowHost.js';
import { closeErrorWindow } from '../feedback/error-window-store.js';
import { ToastHost } from '../feedback/toasts.js';
import { stubFetch } from '../testing/fetch-stub.js';
import { apiClient, call } from './client.js';
import { ApiError, isNotFound } from './errors.js';
import { setUnauthorizedHandler } from './http.js';

const hide = (orderId: string) =>
  call(apiClient.POST('/order/{orderId}/hide', { params: { path: { orderId } }, body: {} }));

async function failedCall(pending: () => Promise<unknown>): Promise<ApiError> {
  let caught: unknown;
  await act(async () => {
    caught = await pending().catch((error: unknown) => error);
  });
  expect(caught).toBeInstanceOf(ApiError);
  return caught as ApiError;
}

describe('the typed API client', () => {
  beforeEach(() => {
    render(
      <>
        <ToastHost />
        <ErrorWindowHost />
      </>,
    );
  });
  afterEach(() => {
    act(() => closeErrorWindow());
    setUnauthorizedHandler(null);
    cleanup();
  });

  it('calls /api + the operation path with the CSRF header, same-origin credentials and a JSON body', async () => {
    const { calls } = stubFetch({
      'POST /order/{orderId}/hide': (request) => ({ body: { orderId: request.params.orderId!, new: false } }),
    });
    await expect(hide('o 1')).resolves.toEqual({ orderId: 'o 1', new: false });
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/order/o%201/hide', body: {} });
    expect(calls[0]!.headers).toMatchObject({ 'x-csrf': '1', 'content-type': 'application/json' });
  });

  it('serializes the query', async () => {
    const { calls } = stubFetch({ 'GET /order': { body: { data: [], pages: 0 } } });
    await call(apiClient.GET('/order', { params: { query: { page: 2, pageSize: 10, searchText: 'a b' } } }));
    expect(calls[0]!.url).toBe('/api/order?page=2&pageSize=10&searchText=a%20b');
  });

  it('a 400 validation answer is one error toast with the items on separate lines', async () => {
    stubFetch({
      'POST /order/{orderId}/hide': { status: 400, body: { type: 'validation', errors: ['A', 'B'] } },
    });
    const error = await failedCall(() => hide('o1'));
    expect(error.status).toBe(400);
    expect((await screen.findByRole('alert')).textContent).toContain('A');
  });

  it('a 500 opens the error window; no response is the connection toast', async () => {
    stubFetch({
      'POST /order/{orderId}/hide': { status: 500, body: { errorText: 'Boom', stackTrace: 'at x' } },
    });
    await failedCall(() => hide('o1'));
    expect(await screen.findByText('It appears something is amiss!')).toBeTruthy();
    act(() => closeErrorWindow());
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const error = await failedCall(() => hide('o1'));
    expect(error.status).toBeNull();
    expect(await screen.findByText(MESSAGES.connectionError)).toBeTruthy();
  });

  it('a 401 goes to the shell handler and shows nothing', async () => {
    let signedOut = 0;
    setUnauthorizedHandler(() => signedOut++);
    stubFetch({ 'POST /order/{orderId}/hide': { status: 401, body: { message: 'Your session has ended' } } });
    await failedCall(() => hide('o1'));
    await waitFor(() => expect(signedOut).toBe(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an operation the stub does not know answers 404', async () => {
    stubFetch({});
    expect((await failedCall(() => hide('o1'))).status).toBe(404);
  });

  it('a 400 message answer is an error toast', async () => {
    stubFetch({ 'POST /order/{orderId}/hide': { status: 400, body: { message: 'Promo code has expired' } } });
    await failedCall(() => hide('o1'));
    expect(await screen.findByText('Promo code has expired')).toBeTruthy();
  });

  it('the error window shows errorText, the stack trace and the support line', async () => {
    stubFetch({
      'POST /order/{orderId}/hide': {
        status: 500,
        body: { errorText: 'Database unavailable', stackTrace: 'at query (db.ts:1)' },
      },
    });
    await failedCall(() => hide('o1'));
    expect(await screen.findByText(MESSAGES.errorWindowTitle)).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    expect(screen.getByLabelText('Stack trace').textContent).toBe('at query (db.ts:1)');
    // No support contact is configured here: the window points to the team (ErrorWindowHost.test.tsx has the rest).
    expect(screen.getByText(/If the problem persists, contact our support team\./)).toBeTruthy();
  });

  it.each([502, 503, 504])('a gateway %i (the service is away) reads as no response', async (status) => {
    stubFetch({ 'POST /order/{orderId}/hide': { status, body: { message: 'The service is unavailable' } } });
    await failedCall(() => hide('o1'));
    expect(await screen.findByText(MESSAGES.connectionErrorTitle)).toBeTruthy();
    expect(screen.queryByText(MESSAGES.errorWindowTitle)).toBeNull();
  });

  it('stays quiet when asked to be silent', async () => {
    stubFetch({ 'POST /order/{orderId}/hide': { status: 400, body: { message: 'Not shown' } } });
    await failedCall(() =>
      call(apiClient.POST('/order/{orderId}/hide', { params: { path: { orderId: 'o1' } }, body: {} }), {
        silent: true,
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Not shown')).toBeNull();
  });

  describe('quiet: the statuses the caller tells itself', () => {
    const getClient = (clientId: string) =>
      call(apiClient.GET('/client/{clientId}', { params: { path: { clientId } } }), { quiet: [404] });

    it('a quiet 404 shows no toast; the caller gets the error and isNotFound says so', async () => {
      stubFetch({ 'GET /client/{clientId}': { status: 404, body: { message: 'Client not found' } } });
      const error = await failedCall(() => getClient('gone'));
      expect(isNotFound(error)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByText('Client not found')).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
    });

    it('a 500 of the same call still opens the error window, and is not a not-found', async () => {
      stubFetch({ 'GET /client/{clientId}': { status: 500, body: { errorText: 'Database down' } } });
      const error = await failedCall(() => getClient('c1'));
      expect(isNotFound(error)).toBe(false);
      expect(await screen.findByText(MESSAGES.errorWindowTitle)).toBeTruthy();
      expect(screen.getByText('Database down')).toBeTruthy();
    });

    it('a status it does not name is a toast as usual', async () => {
      stubFetch({ 'GET /client/{clientId}': { status: 400, body: { message: 'Not a client id' } } });
      await failedCall(() => getClient('x'));
      expect(await screen.findByText('Not a client id')).toBeTruthy();
    });

    it('no response is still the connection toast', async () => {
      globalThis.fetch = (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch;
      expect(isNotFound(await failedCall(() => getClient('c1')))).toBe(false);
      expect(await screen.findByText(MESSAGES.connectionError)).toBeTruthy();
    });

    it('a 401 still goes to the shell handler', async () => {
      let signedOut = 0;
      setUnauthorizedHandler(() => signedOut++);
      stubFetch({ 'GET /client/{clientId}': { status: 401, body: { message: 'Your session has ended' } } });
      await failedCall(() => getClient('c1'));
      expect(signedOut).toBe(1);
      expect(screen.queryByRole('alert')).toBeNull();
    });
  });
});

describe('isNotFound', () => {
  it('is a 404 ApiError, and nothing else', () => {
    expect(isNotFound(new ApiError(404, { message: 'Not found' }, 'Not found'))).toBe(true);
    expect(isNotFound(new ApiError(500, null, 'Boom'))).toBe(false);
    expect(isNotFound(new ApiError(null, null, 'No response'))).toBe(false);
    expect(isNotFound(Object.assign(new Error('Not found'), { status: 404 }))).toBe(false);
    expect(isNotFound(undefined)).toBe(false);
  });
});
