import type {
  ActionItem as SharedActionItem,
  PendingActionItems as SharedPendingActionItems,
} from 'shared-domain';
import { Type, Uuid, type Static } from 'service-kit';
import type { Assert, Same } from '../../lib/contract.js';

export const ActionItemType = Type.Union([
  Type.Literal('pop-document-invite'),
  Type.Literal('unpaid-pop-action-item'),
  Type.Literal('colonial-cancellation-purchase'),
  Type.Literal('pop-document-ndt'),
  Type.Literal('pop-document-renewal'),
]);

export const ActionItem = Type.Object({
  id: Uuid(),
  itemType: ActionItemType,
  description: Type.String(),
  json: Type.String({ description: 'the item data, JSON' }),
  createdBy: Type.String(),
  createdDate: Type.String({ format: 'date-time' }),
});

export const PendingActionItems = Type.Object({
  today: Type.Array(ActionItem),
  yesterday: Type.Array(ActionItem),
  pastweek: Type.Array(ActionItem),
  older: Type.Array(ActionItem),
});

export type _ActionItemIsShared = Assert<Same<Static<typeof ActionItem>, SharedActionItem>>;
export type _PendingActionItemsAreShared = Assert<
  Same<Static<typeof PendingActionItems>, SharedPendingActionItems>
>;
