import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from 'shared-domain';
import { ErrorWindowHost } from '../feedback/ErrorWindowHost.js';
import { closeErrorWindow } from '../feedback/error-window-store.js';
import { ToastHost } from '../feedback/toasts.js';
import { api } from './api.js';
import { ApiError } from './errors.js';
import { setUnauthorizedHandler } from './http.js';

interface StubResponse {
  status: number;
  body?: unknown;
}

/** jsdom has no fetch: a stand-in that answers like the gateway would and records the calls. */
function stubFetch(answer: StubResponse | 'no-response') {
  const calls: { url: string; init: RequestInit }[] = [];
  globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    if (answer === 'no-response') throw new TypeError('Failed to fetch');
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return {
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
      text: async () => text,
    } as unknown as Response;
  }) as typeof fetch;
  return calls;
}

function renderHosts() {
  render(
    <>
      <ToastHost />
      <ErrorWindowHost />
    </>,
  );
}

async function failedCall(call: () => Promise<unknown>): Promise<ApiError> {
  let caught: unknown;
  await act(async () => {
    caught = await call().catch((error: unknown) => error);
  });
  expect(caught).toBeInstanceOf(ApiError);
  return caught as ApiError;
}

describe('api client', () => {
  beforeEach(renderHosts);
  afterEach(() => {
    act(() => closeErrorWindow());
    setUnauthorizedHandler(null);
    cleanup();
  });

  it('calls /api/<path> with the CSRF header, same-origin credentials and a JSON body', async () => {
    const calls = stubFetch({ status: 200, body: { saved: true } });
    await expect(api.post('order/o1/hide', { reason: 'x' })).resolves.toEqual({ saved: true });
    expect(calls[0]?.url).toBe('/api/order/o1/hide');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.credentials).toBe('same-origin');
    expect(calls[0]?.init.headers).toMatchObject({ 'X-CSRF': '1', 'Content-Type': 'application/json' });
    expect(calls[0]?.init.body).toBe(JSON.stringify({ reason: 'x' }));
  });

  it('shows a 400 validation answer as one error toast with the items on separate lines', async () => {
    stubFetch({ status: 400, body: { type: 'validation', errors: ['Name is required', 'Zip is invalid'] } });
    const error = await failedCall(() => api.get('client/search'));
    expect(error.status).toBe(400);
    const toast = await screen.findByText(
      (_, element) =>
        element?.classList.contains('toast-message') === true &&
        element.textContent === 'Name is required\nZip is invalid',
    );
    expect(toast).toBeTruthy();
  });

  it('shows a 400 message answer as an error toast', async () => {
    stubFetch({ status: 400, body: { message: 'Promo code has expired' } });
    await failedCall(() => api.post('shopping-cart/u1/promo-code/OLD'));
    expect(await screen.findByText('Promo code has expired')).toBeTruthy();
  });

  it('opens the error window for a 500 with errorText and the stack trace', async () => {
    stubFetch({ status: 500, body: { errorText: 'Database unavailable', stackTrace: 'at query (db.ts:1)' } });
    await failedCall(() => api.get('order?page=1'));
    expect(await screen.findByText(MESSAGES.errorWindowTitle)).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    expect(screen.getByLabelText('Stack trace').textContent).toBe('at query (db.ts:1)');
    expect(screen.getByText(/If the problem persists, call our support line/)).toBeTruthy();
  });

  it("tells the user 'Unable to connect to server' titled 'Connection Error' when no answer arrives", async () => {
    stubFetch('no-response');
    const error = await failedCall(() => api.get('order'));
    expect(error.status).toBeNull();
    expect(await screen.findByText(MESSAGES.connectionError)).toBeTruthy();
    expect(screen.getByText(MESSAGES.connectionErrorTitle)).toBeTruthy();
  });

  it('treats a gateway that cannot reach the service (502) as no response', async () => {
    stubFetch({ status: 502, body: { message: MESSAGES.connectionError } });
    await failedCall(() => api.get('order'));
    expect(await screen.findByText(MESSAGES.connectionErrorTitle)).toBeTruthy();
    expect(screen.queryByText(MESSAGES.errorWindowTitle)).toBeNull();
  });

  it('hands a 401 from /api to the registered handler instead of a toast', async () => {
    stubFetch({ status: 401, body: { message: 'Session expired' } });
    const onUnauthorized = jest.fn();
    setUnauthorizedHandler(onUnauthorized);
    await failedCall(() => api.get('order'));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByText('Session expired')).toBeNull());
  });

  it('stays quiet when asked to be silent', async () => {
    stubFetch({ status: 400, body: { message: 'Not shown' } });
    await failedCall(() => api.get('user/exists?username=x', { silent: true }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Not shown')).toBeNull();
  });
});
