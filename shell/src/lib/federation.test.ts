import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';

// The federation runtime needs a host instance the tests do not have: record what it is told.
const registerRemotes = jest.fn();
jest.unstable_mockModule('@module-federation/enhanced/runtime', () => ({
  registerRemotes,
  loadRemote: jest.fn(),
}));
const { knownRemoteOfSection, remoteOfSection, resetRegistryForTests } = await import('./federation.js');

type Remote = { name: string; entry: string; sections: string[] };
const ordering = (version: string, sections: string[]): Remote => ({
  name: 'mf_ordering',
  entry: `/remotes/mf-ordering/${version}/remoteEntry.js`,
  sections,
});
const documents: Remote = {
  name: 'mf_documents',
  entry: '/remotes/mf-documents/0.1.0-bbbbbbbbbb/remoteEntry.js',
  sections: ['document', 'client'],
};
const admin: Remote = {
  name: 'mf_admin',
  entry: '/remotes/mf-admin/0.1.0-cccccccccc/remoteEntry.js',
  sections: ['admin'],
};

/** `/remotes.json` answers (the page's fetch: only ok, status and json are read) each registry in turn (the last one again once they run out). */
function serveRegistries(...registries: Remote[][]) {
  const fetchMock = jest.fn(async () => {
    const remotes = registries.length > 1 ? registries.shift()! : registries[0]!;
    return { ok: true, status: 200, json: async () => ({ remotes }) };
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

describe('the owner of a section comes from /remotes.json', () => {
  const originalFetch = globalThis.fetch;
  beforeEach(() => {
    resetRegistryForTests();
    registerRemotes.mockClear();
  });
  afterEach(() => {
    globalThis.fetch = originalFetch;
  });

  it("routes today's sections to their remotes and an unknown one to none", async () => {
    serveRegistries([admin, documents, ordering('0.1.0-aaaaaaaaaa', ['basket', 'checkout', 'orders'])]);
    expect(await remoteOfSection('basket')).toBe('mf_ordering');
    expect(await remoteOfSection('checkout')).toBe('mf_ordering');
    expect(await remoteOfSection('orders')).toBe('mf_ordering');
    expect(await remoteOfSection('document')).toBe('mf_documents');
    expect(await remoteOfSection('client')).toBe('mf_documents');
    expect(await remoteOfSection('admin')).toBe('mf_admin');
    expect(await remoteOfSection('nowhere')).toBeUndefined();
    expect(knownRemoteOfSection('basket')).toBe('mf_ordering');
  });

  it('finds a section published with a new remote version after the page loaded, without a rebuild of the shell', async () => {
    const fetchMock = serveRegistries(
      [documents, ordering('0.1.0-aaaaaaaaaa', ['basket', 'checkout', 'orders'])],
      [documents, ordering('0.2.0-dddddddddd', ['basket', 'checkout', 'orders', 'receipts'])],
    );
    expect(await remoteOfSection('basket')).toBe('mf_ordering');
    expect(knownRemoteOfSection('receipts')).toBeUndefined();

    // The registry fetched at first does not know it: it is fetched again, and the new version wins.
    expect(await remoteOfSection('receipts')).toBe('mf_ordering');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(registerRemotes).toHaveBeenLastCalledWith(
      [
        {
          name: 'mf_ordering',
          entry: '/remotes/mf-ordering/0.2.0-dddddddddd/remoteEntry.js',
          sections: expect.anything(),
        },
      ],
      { force: true },
    );
  });

  it('forgets a section whose remote was rolled back to a version without it', async () => {
    serveRegistries(
      [ordering('0.2.0-dddddddddd', ['basket', 'receipts'])],
      [ordering('0.1.0-aaaaaaaaaa', ['basket'])],
    );
    expect(await remoteOfSection('receipts')).toBe('mf_ordering');
    resetRegistryForTests();
    expect(await remoteOfSection('receipts')).toBeUndefined();
    expect(await remoteOfSection('basket')).toBe('mf_ordering');
  });

  it('lets a failed /remotes.json be fetched again', async () => {
    globalThis.fetch = jest.fn(async () => ({ ok: false, status: 503 })) as unknown as typeof fetch;
    await expect(remoteOfSection('basket')).rejects.toThrow('/remotes.json answered 503');
    serveRegistries([ordering('0.1.0-aaaaaaaaaa', ['basket'])]);
    expect(await remoteOfSection('basket')).toBe('mf_ordering');
  });
});
