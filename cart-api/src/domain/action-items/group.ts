import { addDays, productToday, startOfProductDay } from 'shared-domain';
import type { ActionItem, PendingActionItems } from '../../contract/action-item.js';

/**
 * Groups pending items by their created date relative to `now`, by the product's calendar day
 * (America/New_York): today, yesterday, the six days before that (the past week: the seven days before
 * today), and older. Each group keeps the order it was given (newest first).
 */
export function groupByAge(items: ActionItem[], now: Date): PendingActionItems {
  const today = productToday(now);
  const startOfToday = startOfProductDay(today).getTime();
  const startOfYesterday = startOfProductDay(addDays(today, -1)).getTime();
  const startOfPastWeek = startOfProductDay(addDays(today, -7)).getTime();
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
