import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { bootData, type RemoteRegistry } from 'shared-ui';

const registered = new Map<string, string>();
/** Section → remote name, from the last /remotes.json: no table compiled into the shell. */
let sectionOwners = new Map<string, string>();
let registry: Promise<void> | null = null;

/**
 * `GET /remotes.json` (README "Remotes"): the gateway's pointer to each remote's current build and
 * the sections (first path segments) it renders, recorded when that build was published. A signed-in
 * user's page carries it (bootData), so the first lookup needs no request.
 */
let bootRegistry = true;
async function fetchRegistry(): Promise<void> {
  const fromPage = bootRegistry ? bootData().remotes : undefined;
  bootRegistry = false;
  if (fromPage) return applyRegistry(fromPage);
  const response = await fetch('/remotes.json', { credentials: 'same-origin', cache: 'no-store' });
  if (!response.ok) throw new Error(`/remotes.json answered ${response.status}`);
  applyRegistry((await response.json()) as RemoteRegistry);
}

function applyRegistry({ remotes }: RemoteRegistry): void {
  const added = remotes.filter((remote) => !registered.has(remote.name));
  const moved = remotes.filter(
    (remote) => registered.has(remote.name) && registered.get(remote.name) !== remote.entry,
  );
  if (added.length > 0) registerRemotes(added);
  // A remote published (or rolled back) since the page loaded: replace it.
  if (moved.length > 0) registerRemotes(moved, { force: true });
  for (const remote of remotes) registered.set(remote.name, remote.entry);
  sectionOwners = new Map(
    remotes.flatMap((remote) => (remote.sections ?? []).map((section) => [section, remote.name] as const)),
  );
}

/** Fetches /remotes.json once; a failure is not cached, so the next attempt fetches again. */
export function ensureRegistry(): Promise<void> {
  registry ??= fetchRegistry().catch((error: unknown) => {
    registry = null;
    throw error;
  });
  return registry;
}

/** The entries of the registry fetched last (their scripts' addresses). */
export function remoteEntries(): string[] {
  return [...registered.values()];
}

/** The owner of `section` in the registry fetched last, without fetching (undefined: not known yet). */
export function knownRemoteOfSection(section: string): string | undefined {
  return sectionOwners.get(section);
}

/**
 * The remote that owns `section` (`basket` → `mf_ordering`), or undefined when none does. A section
 * missing from the registry fetched earlier is looked up once more (a remote published since the page
 * loaded brings its new sections with it).
 */
export async function remoteOfSection(section: string): Promise<string | undefined> {
  await ensureRegistry();
  if (!sectionOwners.has(section)) {
    registry = null;
    await ensureRegistry();
  }
  return sectionOwners.get(section);
}

/** Forgets what was fetched (tests: each starts with no registry). */
export function resetRegistryForTests(): void {
  bootRegistry = true;
  loadedComponents.clear();
  registered.clear();
  sectionOwners = new Map();
  registry = null;
}

type RemoteModule = { default?: ComponentType<never> } | ComponentType<never>;

/** Components already loaded, by id: a slot renders them at once, without suspending. */
const loadedComponents = new Map<string, ComponentType<never>>();

/** `remote/Module`'s component when it has been loaded already (by a preload or an earlier slot). */
export function loadedRemoteComponent<P>(id: string): ComponentType<P> | undefined {
  return loadedComponents.get(id) as ComponentType<P> | undefined;
}

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
  loadedComponents.set(id, component as ComponentType<never>);
  return { default: component as ComponentType<P> };
}
