import { addDays, isIsoDate, PRODUCT_TIME_ZONE, startOfProductDay } from 'shared-domain';

/**
 * A system message's display window. Compliance gives each end as a day (`2026-03-01`: the whole day)
 * or a day and a time (`2026-03-01T20:00`), both read in the product's time zone (New York), as every
 * date of the product is. Stored as typed, and as the instants they name: `from` its first moment, `to`
 * the moment after its last (the next day's midnight, or the minute after), so "current" is
 * `startsAt <= now < endsAt`.
 */
const BOUND = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2}))?$/;

const zoneParts = new Intl.DateTimeFormat('en-US', {
  timeZone: PRODUCT_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** How far New York's wall clock is ahead of UTC at an instant (negative: behind), in milliseconds. */
function zoneOffset(at: number): number {
  const parts = Object.fromEntries(
    zoneParts.formatToParts(new Date(at)).map((part) => [part.type, part.value]),
  );
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - (at - (at % 1000));
}

/** The instant New York's clocks show this day and time (a time the clocks skip maps to the hour after). */
function productInstant(day: string, hours: number, minutes: number): number {
  const wall = Date.parse(`${day}T00:00:00Z`) + (hours * 60 + minutes) * 60_000;
  const guess = wall - zoneOffset(wall);
  return wall - zoneOffset(guess);
}

/** The instant a window's end names, ISO; null when the text is no day or time. */
export function boundInstant(text: string, edge: 'from' | 'to'): string | null {
  const match = BOUND.exec(text);
  if (!match || !isIsoDate(match[1]!)) return null;
  const day = match[1]!;
  if (match[2] === undefined) {
    return startOfProductDay(edge === 'from' ? day : addDays(day, 1)).toISOString();
  }
  const hours = Number(match[2]);
  const minutes = Number(match[3]);
  if (hours > 23 || minutes > 59) return null;
  // `to` includes its minute: the window ends when the next one begins.
  const instant = productInstant(day, hours, minutes) + (edge === 'to' ? 60_000 : 0);
  return new Date(instant).toISOString();
}

/** Whether a message with this window is shown at `now` (null ends are open). */
export const withinWindow = (startsAt: string | null, endsAt: string | null, now: Date): boolean => {
  const instant = now.toISOString();
  return (startsAt === null || startsAt <= instant) && (endsAt === null || instant < endsAt);
};
