import { afterEach, beforeEach, jest } from '@jest/globals';
import { cleanup } from '@testing-library/react';

/**
 * For the tests of a screen that downloads files (jsdom saves nothing): registers the suite's
 * beforeEach/afterEach, and answers the names the browser was asked to save files under, emptied
 * before each test. After each test the screen is unmounted and the mocks restored.
 */
export function recordDownloads(): string[] {
  const saved: string[] = [];
  beforeEach(() => {
    saved.length = 0;
    URL.createObjectURL = jest.fn(() => 'blob:file');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    cleanup();
    jest.restoreAllMocks();
  });
  return saved;
}

/**
 * Holds the requests whose URL contains `urlPart` (on top of the fetch stubbed now) until `release()`,
 * to see what a screen shows while it waits.
 */
export function holdRequests(urlPart: string): { release(): void } {
  let release: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (release = resolve));
  const stubbed = globalThis.fetch;
  globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
    if (String(args[0] instanceof Request ? args[0].url : args[0]).includes(urlPart)) await answered;
    return stubbed(...args);
  }) as typeof fetch;
  return { release: () => release() };
}
