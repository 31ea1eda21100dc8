import { BOOT_BLOCK_ID } from 'shared-domain';
import type { SessionUser } from './bff.js';
import type { ApiPaths } from './client.js';

type LoginMessages = ApiPaths['/system-message']['get']['responses'][200]['content']['application/json'];

/** What `GET /remotes.json` answers: each remote's current entry and the sections it renders. */
export interface RemoteRegistry {
  remotes: { name: string; entry: string; sections?: string[] }[];
}

/**
 * What the gateway writes into index.html (gateway `routes/static/shell-page.ts`): for a guest, the
 * login page's system messages, so the sign-in page needs no request to show them (and, when it can
 * tell, that there is no session); for a signed-in
 * user, the session's user and the remote registry, so the shell starts without asking /bff/user and
 * /remotes.json. Absent (the webpack dev server, cart-api down at the time, a page opened from another
 * site, which the SameSite=Strict cookie does not follow): every value is undefined and the app asks.
 */
export interface BootData {
  systemMessages?: { login?: LoginMessages };
  user?: SessionUser;
  remotes?: RemoteRegistry;
  /**
   * The page was asked with no session by a navigation that would have carried its cookie (a typed
   * address, our own link): the shell starts as a guest without asking /bff/user. Absent when the
   * gateway cannot tell (a link from another site, which the SameSite=Strict cookie does not follow).
   */
  guest?: true;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function isUser(value: unknown): value is SessionUser {
  return isObject(value) && typeof value.userId === 'string' && typeof value.roleGroup === 'string';
}

function isRegistry(value: unknown): value is RemoteRegistry {
  return (
    isObject(value) &&
    Array.isArray(value.remotes) &&
    value.remotes.every((r) => isObject(r) && typeof r.name === 'string' && typeof r.entry === 'string')
  );
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
    if (!isObject(parsed)) return read;
    const login = (parsed as BootData).systemMessages?.login;
    read = {
      ...(Array.isArray(login) ? { systemMessages: { login } } : {}),
      ...(isUser(parsed.user) ? { user: parsed.user } : {}),
      ...(isRegistry(parsed.remotes) ? { remotes: parsed.remotes } : {}),
      ...(parsed.guest === true && !isUser(parsed.user) ? { guest: true as const } : {}),
    };
  } catch {
    // A broken block is no block: the screens fetch.
  }
  return read;
}

/** Forgets the parsed block (tests that write a new one). */
export function resetBootData(): void {
  read = undefined;
}
