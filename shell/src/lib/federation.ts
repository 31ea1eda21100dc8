import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';

/** `GET /remotes.json` (README "Remotes"): the gateway's pointer to each remote's current build. */
interface RemoteRegistry {
  remotes: { name: string; entry: string }[];
}

const registered = new Map<string, string>();
let registry: Promise<void> | null = null;

async function fetchRegistry(): Promise<void> {
  const response = await fetch('/remotes.json', { credentials: 'same-origin', cache: 'no-store' });
  if (!response.ok) throw new Error(`/remotes.json answered ${response.status}`);
  const { remotes } = (await response.json()) as RemoteRegistry;
  const added = remotes.filter((remote) => !registered.has(remote.name));
  const moved = remotes.filter(
    (remote) => registered.has(remote.name) && registered.get(remote.name) !== remote.entry,
  );
  if (added.length > 0) registerRemotes(added);
  // A remote published (or rolled back) since the page loaded: replace it.
  if (moved.length > 0) registerRemotes(moved, { force: true });
  for (const remote of remotes) registered.set(remote.name, remote.entry);
}

/** Fetches /remotes.json once; a failure is not cached, so the next attempt fetches again. */
export function ensureRegistry(): Promise<void> {
  registry ??= fetchRegistry().catch((error: unknown) => {
    registry = null;
    throw error;
  });
  return registry;
}

type RemoteModule = { default?: ComponentType<never> } | ComponentType<never>;

/**
 * Loads `remote/Module` (e.g. `mf_admin/App`) for React.lazy. The federation runtime forgets a
 * failed remote entry (its loading promise is dropped and the script tag removed), so calling this
 * again after a failure really fetches again; the registry is refetched if the remote is unknown.
 */
export async function loadRemoteComponent<P>(id: string): Promise<{ default: ComponentType<P> }> {
  const remoteName = id.split('/')[0] ?? id;
  await ensureRegistry();
  if (!registered.has(remoteName)) {
    registry = null;
    await ensureRegistry();
    if (!registered.has(remoteName)) throw new Error(`${remoteName} is not in /remotes.json`);
  }
  const loaded = await loadRemote<RemoteModule>(id);
  const component = loaded && typeof loaded === 'object' && 'default' in loaded ? loaded.default : loaded;
  if (typeof component !== 'function' && typeof component !== 'object') {
    throw new Error(`${id} does not export a component`);
  }
  return { default: component as ComponentType<P> };
}
