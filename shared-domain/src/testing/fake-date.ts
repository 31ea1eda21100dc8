/** The timer APIs Jest can fake, but Date. */
type RealTimer =
  | 'hrtime'
  | 'nextTick'
  | 'performance'
  | 'queueMicrotask'
  | 'setImmediate'
  | 'clearImmediate'
  | 'setInterval'
  | 'clearInterval'
  | 'setTimeout'
  | 'clearTimeout';

/**
 * Jest's fake timers with only `Date` faked: sockets, database drivers, undici and the stores keep
 * their real timers, so a test can stand at another time (23:30 New York on Dec 31, a token's 20th
 * minute) without stopping the I/O it waits for. Pass to `jest.useFakeTimers(fakeDateOnly(…))`.
 */
export function fakeDateOnly(options: { now?: Date; advanceTimers?: boolean } = {}): {
  now?: Date;
  advanceTimers?: boolean;
  doNotFake: RealTimer[];
} {
  return {
    ...options,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  };
}
