import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { PAGE_SIZE } from 'shared-domain';
import { broker, compliance, stubFetch, writeBootBlock } from 'shared-ui/testing';

// The federation runtime needs a host instance the tests do not have: each remote module is a component.
const registerRemotes = jest.fn();
const loadRemote = jest.fn(async (id: string) => ({ default: () => <p>{id}</p> }));
jest.unstable_mockModule('@module-federation/enhanced/runtime', () => ({ registerRemotes, loadRemote }));
const { preloadHome } = await import('./home.js');
const { startReads } = await import('./start-reads.js');
const { loadedRemoteComponent, remoteOfSection, resetRegistryForTests } =
  await import('../lib/federation.js');
const { preloadable } = await import('../lib/preloadable.js');

const REGISTRY = {
  remotes: [
    { name: 'mf_ordering', entry: '/remotes/mf-ordering/1/remoteEntry.js', sections: ['basket'] },
    { name: 'mf_documents', entry: '/remotes/mf-documents/1/remoteEntry.js', sections: ['document'] },
    { name: 'mf_admin', entry: '/remotes/mf-admin/1/remoteEntry.js', sections: ['admin'] },
  ],
};

/** Each test: a signed-in broker's page (its boot block), no remote loaded yet. */
function startsSignedIn() {
  let removeBlock: () => void;
  beforeEach(() => {
    resetRegistryForTests();
    loadRemote.mockClear();
    removeBlock = writeBootBlock({ user: broker, remotes: REGISTRY });
  });
  afterEach(() => removeBlock());
}

/** Issue 24 item 8: the home's code and first reads start together, and the registry comes with the page. */
describe('preloading the signed-in home', () => {
  startsSignedIn();
  afterEach(cleanup);

  it("starts a customer's home reads and remote modules at once, from the page's registry", async () => {
    const { calls } = stubFetch(() => ({ body: {} }));
    await preloadHome(broker);
    const id = broker.userId;
    // The reads start in the task after the code's.
    await waitFor(() => expect(calls).toHaveLength(6));
    expect(calls.map((c) => c.url).sort()).toEqual(
      [
        `/api/action-item/${id}/pending`,
        `/api/epop-document/${id}?page=1&pageSize=${PAGE_SIZE}&searchText=`,
        `/api/product/epop/${id}`,
        `/api/shopping-cart/${id}`,
        `/api/shopping-cart/${id}/count/saved-for-later`,
        '/api/system-message?location=home',
      ].sort(),
    );
    expect(loadRemote.mock.calls.map(([module]) => module)).toEqual([
      'mf_ordering/PurchaseCard',
      'mf_ordering/SavedForLaterNotice',
      'mf_documents/ActionItems',
      'mf_documents/DocumentList',
    ]);
    expect(loadedRemoteComponent('mf_documents/DocumentList')).toBeDefined();
    // Once per user: a second call starts nothing.
    await preloadHome(broker);
    expect(loadRemote).toHaveBeenCalledTimes(4);
  });

  it("loads compliance's home module and reads nothing for it", async () => {
    const { calls } = stubFetch(() => ({ body: {} }));
    await preloadHome(compliance);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toEqual([]);
    expect(loadRemote.mock.calls.map(([module]) => module)).toEqual(['mf_admin/OrderManagement']);
  });

  it('knows the sections without fetching /remotes.json', async () => {
    const { calls } = stubFetch(() => ({ body: {} }));
    expect(await remoteOfSection('document')).toBe('mf_documents');
    expect(calls.filter((c) => c.url === '/remotes.json')).toEqual([]);
  });
});

/** A new document's order form: its first reads start with the page, and no code runs before React. */
describe("starting on a new document's order form", () => {
  startsSignedIn();
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('asks for the blank document, the draft of it and the product, and loads no remote module', async () => {
    const { calls } = stubFetch(() => ({ body: {} }));
    window.history.replaceState(null, '', '/document/new');
    startReads();
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls.map((c) => c.url).sort()).toEqual(
      [
        `/api/document-draft?form=new`,
        `/api/epop/document/new/${broker.userId}`,
        `/api/product/epop/${broker.userId}`,
      ].sort(),
    );
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it("names the partner's form by its id, and asks for no draft or product of an address cart-api would refuse", async () => {
    const partnerId = '0b7f1c3e-2a4d-4e5f-8a9b-0c1d2e3f4a5b';
    const { calls } = stubFetch(() => ({ body: {} }));
    window.history.replaceState(null, '', `/document/new/${partnerId}`);
    startReads();
    await waitFor(() => expect(calls).toHaveLength(3));
    window.history.replaceState(null, '', '/document/new/not-an-id');
    startReads();
    await waitFor(() => expect(calls).toHaveLength(4));
    expect(calls.map((c) => c.url)).toEqual([
      `/api/epop/document/new/${broker.userId}?strategicPartnerId=${partnerId}`,
      `/api/document-draft?form=${encodeURIComponent(`new:${partnerId}`)}`,
      `/api/product/epop/${broker.userId}?strategicPartnerId=${partnerId}`,
      `/api/epop/document/new/${broker.userId}?strategicPartnerId=not-an-id`,
    ]);
  });
});

describe('preloadable', () => {
  afterEach(cleanup);

  it('renders a preloaded component at once: no fallback is ever shown', async () => {
    const screenOf = preloadable(async () => () => <p>loaded</p>);
    await screenOf.preload();
    render(
      <Suspense fallback={<p>fallback</p>}>
        <screenOf.Component />
      </Suspense>,
    );
    expect(screen.getByText('loaded')).toBeTruthy();
    expect(screen.queryByText('fallback')).toBeNull();
  });

  it('suspends like React.lazy when it has not been preloaded, and retries a failed load', async () => {
    let attempt = 0;
    const screenOf = preloadable(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('offline');
      return () => <p>loaded</p>;
    });
    await expect(screenOf.preload()).rejects.toThrow('offline');
    render(
      <Suspense fallback={<p>fallback</p>}>
        <screenOf.Component />
      </Suspense>,
    );
    expect(screen.getByText('fallback')).toBeTruthy();
    expect(await screen.findByText('loaded')).toBeTruthy();
    expect(attempt).toBe(2);
  });
});
