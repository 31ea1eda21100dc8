import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, screen } from '@testing-library/react';
import { broker, renderAt, stubFetch, writeBootBlock } from 'shared-ui/testing';

// The federation runtime needs a host instance the tests do not have: each remote module is a component.
const registerRemotes = jest.fn();
const loadRemote = jest.fn(async (id: string) => ({ default: () => <p>{id}</p> }));
jest.unstable_mockModule('@module-federation/enhanced/runtime', () => ({ registerRemotes, loadRemote }));
const { markPageShown, resetPageShownForTests, SECONDARY_AFTER_MS } =
  await import('../../../lib/page-shown.js');
const { resetRegistryForTests } = await import('../../../lib/federation.js');
const { SignedInBar } = await import('./SignedInBar.js');

const REGISTRY = {
  remotes: [{ name: 'mf_ordering', entry: '/remotes/mf-ordering/1/remoteEntry.js', sections: ['basket'] }],
};
const cartMenuLoads = () => loadRemote.mock.calls.filter(([id]) => id === 'mf_ordering/CartMenu').length;

/** The page's content first: the top bar's cart menu remote loads once the page is shown (issue 24 item 8). */
describe("the cart menu waits for the page's content", () => {
  let removeBlock: () => void;
  beforeEach(() => {
    resetPageShownForTests();
    resetRegistryForTests();
    loadRemote.mockClear();
    removeBlock = writeBootBlock({ user: broker, remotes: REGISTRY });
    stubFetch(() => ({ body: {} }));
  });
  afterEach(() => {
    removeBlock();
    cleanup();
    jest.useRealTimers();
  });

  it('shows a spinner in its place and loads nothing until the page is shown, then loads it', async () => {
    renderAt('/document/new', <SignedInBar user={broker} />);
    expect(await screen.findByRole('navigation', { name: 'User navigation' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(cartMenuLoads()).toBe(0);
    act(() => markPageShown());
    expect(await screen.findByText('mf_ordering/CartMenu')).toBeTruthy();
    expect(cartMenuLoads()).toBe(1);
  });

  it('loads it anyway after SECONDARY_AFTER_MS when no page says it is shown', async () => {
    jest.useFakeTimers();
    renderAt('/profile', <SignedInBar user={broker} />);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(SECONDARY_AFTER_MS - 100);
    });
    expect(cartMenuLoads()).toBe(0);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(200);
    });
    jest.useRealTimers();
    expect(await screen.findByText('mf_ordering/CartMenu')).toBeTruthy();
  });
});
