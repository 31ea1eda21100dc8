// Types of public-api.mjs (shared-ui/test/public-api.test.ts imports it).

/** shared-ui's API as the declarations describe it. */
export interface PublicApi {
  /** A hash of `modules` and `exports`. */
  fingerprint: string;
  /** Each declaration file the shared entry points reach, and a hash of its text. */
  modules: Record<string, string>;
  /** Each shared entry point ('shared-ui', 'shared-ui/forms') and its export names, sorted. */
  exports: Record<string, string[]>;
}

/** shared-ui/public-api.json: the API and the version it was recorded at. */
export interface RecordedApi extends PublicApi {
  version: string;
}

export type Bump = 'major' | 'minor' | 'patch' | 'none' | 'lower';

export const RECORD_FILE: string;
export const RECORD_COMMAND: string;
export function packageVersion(): string;
export function currentApi(): PublicApi;
export function readRecord(): RecordedApi | undefined;
export function bumpOf(from: string | undefined, to: string | undefined): Bump;
export function describeChange(record: RecordedApi | undefined, current: PublicApi): string;
export function requiredBump(
  record: RecordedApi | undefined,
  current: PublicApi,
): 'major' | 'minor' | 'patch';
export function checkProblem(
  record: RecordedApi | undefined,
  current: PublicApi,
  version: string,
): string | undefined;
export function recordProblem(
  record: RecordedApi | undefined,
  current: PublicApi,
  version: string,
): string | undefined;
