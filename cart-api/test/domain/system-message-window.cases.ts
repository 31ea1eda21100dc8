import { describe, expect, it } from '@jest/globals';
import { boundInstant, withinWindow } from '../../src/domain/system-messages/window.js';

/** A system message's window is read in New York time, across the days the clocks change. */
describe('the window of a system message', () => {
  it('reads a day as the whole New York day: from its midnight to the next', () => {
    expect(boundInstant('2026-01-15', 'from')).toBe('2026-01-15T05:00:00.000Z');
    expect(boundInstant('2026-01-15', 'to')).toBe('2026-01-16T05:00:00.000Z');
    // The day the clocks go back is 25 hours long.
    expect(boundInstant('2026-11-01', 'from')).toBe('2026-11-01T04:00:00.000Z');
    expect(boundInstant('2026-11-01', 'to')).toBe('2026-11-02T05:00:00.000Z');
  });

  it('reads a time on the clocks of that day, `to` including its minute', () => {
    expect(boundInstant('2026-03-08T01:30', 'from')).toBe('2026-03-08T06:30:00.000Z'); // EST
    expect(boundInstant('2026-03-08T03:00', 'from')).toBe('2026-03-08T07:00:00.000Z'); // EDT
    expect(boundInstant('2026-07-04T20:59', 'to')).toBe('2026-07-05T01:00:00.000Z');
  });

  it('names nothing for a text that is no day or time', () => {
    for (const text of [
      '2026-02-30',
      '2026-13-01',
      '03/10/2026',
      '2026-03-10T24:00',
      '2026-03-10T12:60',
      '',
    ]) {
      expect([text, boundInstant(text, 'from')]).toEqual([text, null]);
    }
  });

  it('shows a message from its start, until (not at) its end; open ends are always', () => {
    const start = '2026-03-10T13:00:00.000Z';
    const end = '2026-03-10T14:00:00.000Z';
    expect(withinWindow(start, end, new Date('2026-03-10T12:59:59.999Z'))).toBe(false);
    expect(withinWindow(start, end, new Date(start))).toBe(true);
    expect(withinWindow(start, end, new Date(end))).toBe(false);
    expect(withinWindow(null, null, new Date(end))).toBe(true);
  });
});
