import { jsonObject } from '../../lib/json.js';

/**
 * An action item's `json` (specs/2-documents.md §3 "Action item": `data.Document.BrokerId` is the
 * assigned broker): the document it is about, and for an invite the broker it is assigned to, the
 * attribute values the inviter chose and the role group they were priced for (the invitee pays that
 * price: a broker's invitation carries the broker's commission).
 */
export interface ActionItemData {
  DocumentId: string | null;
  Document: { BrokerId: string | null };
  Attributes: string[];
  PricedFor: 'compliance' | 'broker' | 'epop' | null;
}

export function actionItemData(json: string): ActionItemData {
  const data = jsonObject(json);
  const document =
    data.Document && typeof data.Document === 'object' ? (data.Document as Record<string, unknown>) : {};
  const pricedFor = data.PricedFor;
  return {
    DocumentId: typeof data.DocumentId === 'string' ? data.DocumentId : null,
    Document: { BrokerId: typeof document.BrokerId === 'string' ? document.BrokerId : null },
    Attributes: Array.isArray(data.Attributes)
      ? data.Attributes.filter((id): id is string => typeof id === 'string')
      : [],
    PricedFor:
      pricedFor === 'compliance' || pricedFor === 'broker' || pricedFor === 'epop' ? pricedFor : null,
  };
}
