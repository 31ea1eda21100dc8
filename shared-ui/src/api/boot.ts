import { BOOT_BLOCK_ID } from 'shared-domain';
import type { ApiPaths } from './client.js';

type LoginMessages = ApiPaths['/system-message']['get']['responses'][200]['content']['application/json'];

/**
 * What the gateway writes into index.html (gateway `routes/static/shell-page.ts`): the login page's
 * system messages, so the sign-in page needs no request to show them. Absent (the webpack dev server,
 * cart-api down at the time): every value is undefined and the screens fetch as usual.
 */
export interface BootData {
  systemMessages?: { login?: LoginMessages };
}

let read: BootData | undefined;

/** The page's boot block, parsed once; `{}` when there is none or it is not what the gateway writes. */
export function bootData(): BootData {
  if (read) return read;
  read = {};
  const text = typeof document === 'undefined' ? null : document.getElementById(BOOT_BLOCK_ID)?.textContent;
  if (!text) return read;
  try {
    const parsed: unknown = JSON.parse(text);
    const login = (parsed as BootData | null)?.systemMessages?.login;
    if (Array.isArray(login)) read = { systemMessages: { login } };
  } catch {
    // A broken block is no block: the screens fetch.
  }
  return read;
}

/** Forgets the parsed block (tests that write a new one). */
export function resetBootData(): void {
  read = undefined;
}
