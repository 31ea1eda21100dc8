import type { ServerErrorBody } from '../api/errors.js';

/**
 * The error window's state lives outside React so the api client (plain functions) can open it.
 * shared-ui is a federation singleton, so the shell and the remotes share this one store.
 */
type Listener = () => void;

let current: ServerErrorBody | null = null;
const listeners = new Set<Listener>();

export const errorWindowStore = {
  get: (): ServerErrorBody | null => current,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

function set(next: ServerErrorBody | null) {
  current = next;
  for (const listener of listeners) listener();
}

export function showErrorWindow(error: ServerErrorBody) {
  set(error);
}

export function closeErrorWindow() {
  set(null);
}
