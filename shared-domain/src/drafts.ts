/**
 * Which order form a draft is for (cart-api's `document-draft?form=` key): `new`, `new:{partnerId}`,
 * `document:{id}`, `renew:{id}`, `cart-item:{id}`, `action-item:{id}`. Here, not in mf-documents: the
 * shell asks for a new document's draft as the page starts, before the form's code has arrived.
 */
export type DraftKind = 'new' | 'document' | 'renew' | 'cart-item' | 'action-item';

/** The ids cart-api makes; an address naming anything else keeps no draft (the API would refuse the key). */
const UUID = /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;

/** The key of the draft of `kind` for the record `id`; null when the address names no draft. */
export function draftFormKey(kind: DraftKind, id: string | undefined): string | null {
  if (id !== undefined && !UUID.test(id)) return null;
  if (kind === 'new') return id ? `new:${id}` : 'new';
  return id ? `${kind}:${id}` : null;
}
