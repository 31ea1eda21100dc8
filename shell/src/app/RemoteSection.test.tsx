import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { broker, stubFetch } from 'shared-ui/testing';

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
const { currentLocation, renderShell } = await import('../testing/render-shell.js');

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

function signedInWithRegistry() {
  const { fetchStub, calls } = stubFetch({
    'GET /bff/user': { body: broker },
    'GET /remotes.json': { body: registry },
    'POST /page-view': { status: 204 },
  });
  // federation.ts reads the registry with response.json(); the stub answers text().
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
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

  it("records the first page's view once its content is shown, not beside its code and reads", async () => {
    let show = () => undefined as void;
    loadRemote.mockImplementationOnce(
      (id: string) =>
        new Promise((resolve) => {
          show = () => resolve({ default: () => createElement('p', null, `remote ${id}`) });
        }),
    );
    const calls = signedInWithRegistry();
    const pageViews = () => calls.filter((call) => call.url === '/api/page-view').map((call) => call.body);
    renderShell('/basket');
    await waitFor(() => expect(loadRemote).toHaveBeenCalledWith('mf_ordering/App'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pageViews()).toEqual([]);
    show();
    expect(await screen.findByText('remote mf_ordering/App')).toBeTruthy();
    await waitFor(() => expect(pageViews()).toEqual([{ path: '/basket' }]));
  });
});
