import type { ActionItem, PendingActionItems } from 'shared-domain';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Groups pending items by their created date relative to `now`, by UTC calendar day: today,
 * yesterday, the six days before that (the past week: the seven days before today), and older. Each group keeps the order
 * it was given (newest first).
 */
export function groupByAge(items: ActionItem[], now: Date): PendingActionItems {
  const startOfToday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const startOfYesterday = startOfToday - DAY_MS;
  const startOfPastWeek = startOfToday - 7 * DAY_MS;
  const groups: PendingActionItems = { today: [], yesterday: [], pastweek: [], older: [] };
  for (const item of items) {
    const created = Date.parse(item.createdDate);
    if (created >= startOfToday) groups.today.push(item);
    else if (created >= startOfYesterday) groups.yesterday.push(item);
    else if (created >= startOfPastWeek) groups.pastweek.push(item);
    else groups.older.push(item);
  }
  return groups;
}
