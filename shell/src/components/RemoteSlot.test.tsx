import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement, lazy, Suspense, useState, type ComponentType } from 'react';

// The federation runtime, faked: each load is a promise the test settles.
type Module = { default: ComponentType };
const pending: { id: string; resolve(module: Module): void; reject(error: Error): void }[] = [];
const loadRemote = jest.fn(
  (id: string) => new Promise<Module>((resolve, reject) => pending.push({ id, resolve, reject })),
);
jest.unstable_mockModule('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote,
}));
const { resetRegistryForTests } = await import('../lib/federation.js');
const { RemoteSlot } = await import('./RemoteSlot.js');

const registry = { remotes: [{ name: 'mf_documents', entry: '/remotes/mf-documents/1/remoteEntry.js' }] };
const page = (text: string): Module => ({ default: () => createElement('h1', null, text) });

/** Lets the loads' promises and React's work run, without moving the clock. */
const settle = () => act(async () => await Promise.resolve());

describe('RemoteSlot', () => {
  beforeEach(() => {
    resetRegistryForTests();
    pending.length = 0;
    loadRemote.mockClear();
    jest.useFakeTimers();
    globalThis.fetch = (async () =>
      ({ ok: true, json: async () => registry }) as unknown as Response) as typeof fetch;
  });
  afterEach(() => {
    cleanup();
    jest.useRealTimers();
  });

  it("shows the remote as soon as it has loaded, not held back by another part's fallback", async () => {
    // Another part of the page shows a fallback just before the remote arrives (the top bar's, a second
    // slot's): a remote revealed by suspending would wait until 300 ms after it (React's throttle, which
    // act() skips: the reveal below runs on React's own scheduler, within findBy's 200 ms).
    jest.useRealTimers();
    const Never = lazy(() => new Promise<Module>(() => undefined));
    let showOther: () => void = () => undefined;
    function Page() {
      const [other, setOther] = useState(false);
      showOther = () => setOther(true);
      return (
        <>
          {other && (
            <Suspense fallback={<p>other part loading</p>}>
              <Never />
            </Suspense>
          )}
          <RemoteSlot id="mf_documents/App" main />
        </>
      );
    }
    render(<Page />);
    await settle();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(pending.map((load) => load.id)).toEqual(['mf_documents/App']);
    act(() => showOther());
    expect(screen.getByText('other part loading')).toBeTruthy();
    pending[0]!.resolve(page('POP Document Order Form'));
    expect(
      await screen.findByRole('heading', { name: 'POP Document Order Form' }, { timeout: 200 }),
    ).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
  });

  it('renders a module loaded already at once, without a spinner', async () => {
    const { loadRemoteComponent } = await import('../lib/federation.js');
    const loading = loadRemoteComponent('mf_documents/App');
    await settle();
    pending[0]!.resolve(page('Loaded before'));
    await act(async () => void (await loading));
    render(<RemoteSlot id="mf_documents/App" />);
    expect(screen.getByRole('heading', { name: 'Loaded before' })).toBeTruthy();
    expect(loadRemote).toHaveBeenCalledTimes(1);
  });

  it('shows a failure in its own place, and Retry loads the remote again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <>
        <p>Rest of the page</p>
        <RemoteSlot id="mf_documents/App" />
      </>,
    );
    await settle();
    await act(async () => pending[0]!.reject(new Error('remoteEntry.js could not be loaded')));
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('This section could not be loaded.');
    expect(screen.getByText('Rest of the page')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await settle();
    expect(pending).toHaveLength(2);
    await act(async () => pending[1]!.resolve(page('Back')));
    await settle();
    expect(screen.getByRole('heading', { name: 'Back' })).toBeTruthy();
  });
});
