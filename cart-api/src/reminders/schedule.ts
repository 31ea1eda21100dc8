import { Cron } from 'croner';
import { PRODUCT_TIME_ZONE, productToday } from 'shared-domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { enqueue } from '../jobs/queue.js';
import { SCAN_REMINDERS } from './scan.js';

/**
 * Queues the day's reminder scan once (its key names the day in the product's time zone): the
 * schedule, a restart, the operator command and a second instance all ask, one scan runs.
 */
export const enqueueReminderScan = (db: Kysely<Database>, now: Date) =>
  enqueue(
    db,
    { kind: SCAN_REMINDERS, payload: {}, uniqueKey: `${SCAN_REMINDERS}:${productToday(now)}` },
    now,
  );

/** The daily schedule (REMINDERS_SCHEDULE, a cron pattern in the product's time zone). */
export function scheduleReminderScans(pattern: string, run: () => void): Cron {
  return new Cron(pattern, { timezone: PRODUCT_TIME_ZONE, protect: true }, run);
}
