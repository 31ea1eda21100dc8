import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IDLE_CHECK_INTERVAL_MS, SESSION_IDLE_MS } from 'shared-domain';
import { broker, stubFetch } from '../testing/index.js';
import { SessionProvider, useSession } from './session.js';

function Status() {
  const { status } = useSession();
  return <p data-testid="status">{status}</p>;
}

const MINUTE = 60_000;

/** Lets the stubbed fetch answers (promises) settle while the clock is fake. */
async function settle() {
  await act(async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  });
}

async function advance(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
  await settle();
}

function signedInStub() {
  return stubFetch({
    'GET /bff/user': { body: broker },
    'POST /bff/logout': { status: 204 },
  });
}

const logouts = (calls: { method: string; url: string }[]) =>
  calls.filter((call) => call.method === 'POST' && call.url === '/bff/logout').length;

describe('SessionProvider idle check (§4: more than 120 minutes without clicks, checked every 60 s)', () => {
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    jest.useRealTimers();
  });

  it('does not sign out at exactly 120 idle minutes, signs out at the first check after', async () => {
    const { calls } = signedInStub();
    localStorage.setItem('referralId', 'ref-1');
    render(
      <SessionProvider>
        <Status />
      </SessionProvider>,
    );
    await settle();
    expect(screen.getByTestId('status').textContent).toBe('signed-in');

    await advance(SESSION_IDLE_MS);
    expect(logouts(calls)).toBe(0);
    expect(screen.getByTestId('status').textContent).toBe('signed-in');

    // 120 min + 30 s: idle for more than 120 minutes, but no check has run since.
    await advance(30_000);
    expect(logouts(calls)).toBe(0);

    // The next check (121 min) finds it: gateway logout, guest, local storage cleared.
    await advance(IDLE_CHECK_INTERVAL_MS - 30_000);
    expect(logouts(calls)).toBe(1);
    expect(screen.getByTestId('status').textContent).toBe('guest');
    expect(localStorage.getItem('referralId')).toBeNull();

    // The timer is gone with the session.
    await advance(10 * IDLE_CHECK_INTERVAL_MS);
    expect(logouts(calls)).toBe(1);
  });

  it('a click resets the idle time', async () => {
    const { calls } = signedInStub();
    render(
      <SessionProvider>
        <Status />
      </SessionProvider>,
    );
    await settle();

    await advance(100 * MINUTE);
    fireEvent.click(screen.getByTestId('status'));
    await advance(100 * MINUTE);
    expect(logouts(calls)).toBe(0);
    expect(screen.getByTestId('status').textContent).toBe('signed-in');

    await advance(21 * MINUTE);
    expect(logouts(calls)).toBe(1);
  });

  it('runs no idle timer for a guest, and none after unmount', async () => {
    const { calls } = stubFetch({ 'GET /bff/user': { status: 401, body: { message: 'Not signed in' } } });
    const { unmount } = render(
      <SessionProvider>
        <Status />
      </SessionProvider>,
    );
    await settle();
    expect(screen.getByTestId('status').textContent).toBe('guest');
    await advance(5000); // the start-up fallback's own timeout
    expect(jest.getTimerCount()).toBe(0);
    unmount();
    await advance(200 * MINUTE);
    expect(logouts(calls)).toBe(0);
  });

  it('starts as a guest after the 5-second fallback when the check is slow', async () => {
    stubFetch(() => undefined);
    globalThis.fetch = (() => new Promise(() => undefined)) as typeof fetch;
    render(
      <SessionProvider>
        <Status />
      </SessionProvider>,
    );
    expect(screen.getByTestId('status').textContent).toBe('loading');
    await advance(4999);
    expect(screen.getByTestId('status').textContent).toBe('loading');
    await advance(1);
    expect(screen.getByTestId('status').textContent).toBe('guest');
  });
});

/** A read the last user's page started and never read is not handed to the next user of the tab. */
describe('signing out forgets the prefetched reads', () => {
  afterEach(cleanup);

  it('asks again for a draft read prefetched before the sign-out (its URL names no user)', async () => {
    const { apiClient, call, prefetchApi } = await import('../api/client.js');
    let served = 0;
    const { calls } = stubFetch({
      'GET /bff/user': { body: broker },
      'POST /bff/logout': { status: 204 },
      'GET /document-draft': () => ({ body: { draft: null, served: (served += 1) } as never }),
    });
    function SignOut() {
      const { status, signOut } = useSession();
      return (
        <button type="button" onClick={() => void signOut()}>
          {status}
        </button>
      );
    }
    render(
      <SessionProvider>
        <SignOut />
      </SessionProvider>,
    );
    await screen.findByRole('button', { name: 'signed-in' });
    prefetchApi('/document-draft', { query: { form: 'new' } });
    fireEvent.click(screen.getByRole('button'));
    await screen.findByRole('button', { name: 'guest' });
    const read = () => call(apiClient.GET('/document-draft', { params: { query: { form: 'new' } } }));
    expect(await read()).toMatchObject({ served: 2 });
    expect(calls.filter((c) => c.url === '/api/document-draft?form=new')).toHaveLength(2);
  });
});
