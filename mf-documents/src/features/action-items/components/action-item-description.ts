import type { RoleGroup } from 'shared-domain';
import { type ActionItem } from 'shared-ui';

interface InviteDescription {
  broker?: unknown;
  default?: unknown;
}

/**
 * The text of an action item. An invite's description is a JSON object with a text for the broker
 * and a default text for everyone else (§3 "Action item"); other items carry plain text.
 */
export function actionItemDescription(item: ActionItem, roleGroup: RoleGroup): string {
  if (item.itemType !== 'pop-document-invite') return item.description;
  let texts: InviteDescription;
  try {
    texts = JSON.parse(item.description) as InviteDescription;
  } catch {
    return item.description; // not JSON after all: show it as written
  }
  if (typeof texts !== 'object' || texts === null) return item.description;
  const preferred = roleGroup === 'broker' ? texts.broker : texts.default;
  const fallback = roleGroup === 'broker' ? texts.default : texts.broker;
  if (typeof preferred === 'string') return preferred;
  return typeof fallback === 'string' ? fallback : item.description;
}
