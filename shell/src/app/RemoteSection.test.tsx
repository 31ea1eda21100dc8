import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { broker, stubFetch, writeBootBlock } from 'shared-ui/testing';

// The federation runtime, faked: each remote's App says which remote it is.
const loadRemote = jest.fn(async (id: string) => ({
  default: () => createElement('p', null, `remote ${id}`),
}));
jest.unstable_mockModule('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote,
}));
const { resetRegistryForTests } = await import('../lib/federation.js');
const { resetPageShownForTests } = await import('../lib/page-shown.js');
const { currentLocation, pageViewsIn, renderShell } = await import('../testing/render-shell.js');

const registry = {
  remotes: [
    {
      name: 'mf_documents',
      entry: '/remotes/mf-documents/0.1.0-b/remoteEntry.js',
      sections: ['document', 'client'],
    },
    // 'receipts' is new in this version of mf_ordering: the shell has never heard of it.
    {
      name: 'mf_ordering',
      entry: '/remotes/mf-ordering/0.2.0-d/remoteEntry.js',
      sections: ['basket', 'checkout', 'orders', 'receipts'],
    },
  ],
};

/** Requests sent with `keepalive` (a page view sent as the page is left). */
const keptAlive: string[] = [];

function signedInWithRegistry() {
  const { fetchStub, calls } = stubFetch({
    'GET /bff/user': { body: broker },
    'GET /remotes.json': { body: registry },
    'POST /page-view': { status: 204 },
    'POST /bff/logout': { status: 204 },
  });
  // federation.ts reads the registry with response.json(); the stub answers text().
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (input instanceof Request && input.keepalive) keptAlive.push(new URL(input.url).pathname);
    const response = await fetchStub(input, init);
    return Object.assign(response, { json: async () => JSON.parse(await response.text()) as unknown });
  }) as typeof fetch;
  return calls;
}

describe('sections are routed by /remotes.json', () => {
  beforeEach(() => {
    resetRegistryForTests();
    resetPageShownForTests();
    loadRemote.mockClear();
  });

  it.each([
    ['/basket', 'mf_ordering/App'],
    ['/orders/o1/receipt', 'mf_ordering/App'],
    ['/client/c1', 'mf_documents/App'],
    ['/receipts/r1', 'mf_ordering/App'],
  ])('%s is rendered by %s', async (path, id) => {
    signedInWithRegistry();
    renderShell(path);
    expect(await screen.findByText(`remote ${id}`)).toBeTruthy();
    expect(currentLocation()).toBe(path);
  });

  it('says a path no remote owns is not a page, keeping the address, with the way home', async () => {
    signedInWithRegistry();
    renderShell('/nowhere/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
    expect(document.title).toBe('Page Not Found - POP Documents');
    expect(currentLocation()).toBe('/nowhere/1');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(loadRemote).not.toHaveBeenCalledWith('mf_ordering/App');
  });

  describe('page views of a page that starts signed in (its boot block names the user)', () => {
    let removeBlock: () => void;
    let show: () => void;
    beforeEach(() => {
      removeBlock = writeBootBlock({ user: broker, remotes: registry });
      keptAlive.length = 0;
      loadRemote.mockImplementationOnce(
        (id: string) =>
          new Promise((resolve) => {
            show = () => resolve({ default: () => createElement('p', null, `remote ${id}`) });
          }),
      );
    });
    afterEach(() => removeBlock());

    it('records the first view once the content is shown, not beside its code and reads', async () => {
      const calls = signedInWithRegistry();
      renderShell('/basket');
      await waitFor(() => expect(loadRemote).toHaveBeenCalledWith('mf_ordering/App'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(pageViewsIn(calls)).toEqual([]);
      show();
      expect(await screen.findByText('remote mf_ordering/App')).toBeTruthy();
      await waitFor(() => expect(pageViewsIn(calls)).toEqual([{ path: '/basket' }]));
    });

    it('sends the waiting view as the page is left, with a request that outlives it', async () => {
      const calls = signedInWithRegistry();
      renderShell('/basket');
      await waitFor(() => expect(loadRemote).toHaveBeenCalledWith('mf_ordering/App'));
      window.dispatchEvent(new Event('pagehide'));
      await waitFor(() => expect(pageViewsIn(calls)).toEqual([{ path: '/basket' }]));
      expect(keptAlive).toEqual(['/api/page-view']);
    });

    it('sends the waiting view when the page is hidden (a phone may close a hidden tab without a pagehide)', async () => {
      const calls = signedInWithRegistry();
      renderShell('/basket');
      await waitFor(() => expect(loadRemote).toHaveBeenCalledWith('mf_ordering/App'));
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      try {
        document.dispatchEvent(new Event('visibilitychange'));
      } finally {
        Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      }
      await waitFor(() => expect(pageViewsIn(calls)).toEqual([{ path: '/basket' }]));
      expect(keptAlive).toEqual(['/api/page-view']);
    });

    it('sends the view of a page that ends the session at once, while it is still signed in', async () => {
      const calls = signedInWithRegistry();
      renderShell('/logout');
      await waitFor(() => expect(pageViewsIn(calls)[0]).toEqual({ path: '/logout' }));
      await waitFor(() => expect(calls.map((call) => call.url)).toContain('/bff/logout'));
      const urls = calls.map((call) => call.url);
      expect(urls.indexOf('/api/page-view')).toBeLessThan(urls.indexOf('/bff/logout'));
    });
  });
});
