import { notFound, type Caller } from 'service-kit';
import { productToday } from 'shared-domain';
import type { EpopDocument } from '../../contract/epop-document.js';
import { isCompliance } from '../../policies/rules.js';
import { ACTION_ITEMS_MESSAGES } from '../action-items/messages.js';
import { actionItemById } from '../action-items/queries.js';
import { DOCUMENTS_MESSAGES } from './messages.js';
import { documentById } from './queries.js';
import type { DocumentDeps } from './save.js';

/** `GET epop-document/{documentId}`: one document; compliance's note only for compliance. */
export async function openDocument(
  deps: DocumentDeps,
  caller: Caller,
  documentId: string,
): Promise<EpopDocument> {
  const document = await documentById(deps.db, documentId, productToday(deps.now()), isCompliance(caller));
  if (!document) throw notFound(DOCUMENTS_MESSAGES.notFound);
  return document;
}

/**
 * `GET epop-document/action-item/{actionItemId}`: the document an action item (any of the five item
 * types) is about, its data's DocumentId.
 */
export async function openActionItemDocument(
  deps: DocumentDeps,
  actionItemId: string,
): Promise<EpopDocument> {
  const item = await actionItemById(deps.db, actionItemId);
  if (!item?.data.DocumentId) throw notFound(ACTION_ITEMS_MESSAGES.notFound);
  const document = await documentById(deps.db, item.data.DocumentId, productToday(deps.now()));
  if (!document) throw notFound(DOCUMENTS_MESSAGES.notFound);
  return document;
}
