import admin from './admin.js';
import downloads from './downloads.js';
import lifecycle from './lifecycle.js';
import ndt from './ndt.js';
import send from './send.js';
import documentUsers from './users.js';
import { Type, UserId, Uuid, withPaging, type FastifyPluginAsyncTypebox } from 'service-kit';
import { RecordOrUserIdParams, SIGNED_IN } from '../../lib/contract.js';
import { myPopDocuments, type MyDocumentsDeps } from '../../domain/documents/my-documents.js';
import { openActionItemDocument, openDocument } from '../../domain/documents/open.js';
import { renewalDraft } from '../../domain/documents/drafts.js';
import {
  createDocument,
  saveDocument,
  saveInvitedDocument,
  type DocumentDeps,
} from '../../domain/documents/save.js';
import type { EntitlementDeps } from '../../domain/partners/entitlement.js';
import {
  DocumentBody,
  DocumentDraft,
  DocumentPageOrDocument,
  DocumentQuery,
  EpopDocument,
} from '../../contract/epop-document.js';

/** The documents of the specs (specs/1-foundation.md "Orders and documents list", 2-documents.md §7). */
const epopDocument: FastifyPluginAsyncTypebox<{ appUrl: string }> = async (app, { appUrl }) => {
  await app.register(downloads);
  await app.register(send);
  await app.register(ndt);
  await app.register(admin);
  await app.register(documentUsers);
  await app.register(lifecycle, { appUrl });
  const deps: DocumentDeps & EntitlementDeps & MyDocumentsDeps = {
    db: app.db,
    now: () => app.now(),
    identity: app.identity,
  };
  // The specs' doubled path: `epop-document/{userId}?page…` ('My POP Documents' of that user) and
  // `epop-document/{documentId}` (one document).
  app.get(
    '/:id',
    {
      config: {
        access: SIGNED_IN,
        ownership: { resource: ['document', 'user'], action: 'read', param: 'id' },
      },
      schema: {
        summary: "A user's documents, a page at a time (by user id), or one document (by document id)",
        params: RecordOrUserIdParams,
        querystring: DocumentQuery,
        response: { 200: DocumentPageOrDocument },
      },
    },
    async (request) => {
      const { resource, id } = request.target!;
      if (resource === 'user') return myPopDocuments(deps, request.caller!, id, withPaging(request.query));
      return openDocument(deps, request.caller!, id);
    },
  );

  // The specs' doubled path: `POST epop-document/{userId}` creates a document for that user (a free
  // one: compliance's 'Create Free Document'), `POST epop-document/{documentId}` saves its changes.
  app.post(
    '/:id',
    {
      config: {
        access: SIGNED_IN,
        ownership: { resource: ['document', 'user'], action: 'write', param: 'id' },
      },
      schema: {
        summary: 'Create a free document for a user (by user id), or save a document (by document id)',
        params: RecordOrUserIdParams,
        body: DocumentBody,
        response: { 200: EpopDocument },
      },
    },
    async (request) => {
      const { resource, id } = request.target!;
      return resource === 'user'
        ? createDocument(deps, request.caller!, id, request.body)
        : saveDocument(deps, request.caller!, id, request.body);
    },
  );

  // `/document/action-item/{actionItemId}` opens the document of any of the five item types.
  app.get(
    '/action-item/:actionItemId',
    {
      config: {
        access: SIGNED_IN,
        ownership: { resource: 'action-item', action: 'read', param: 'actionItemId' },
      },
      schema: {
        summary: 'The document an action item is about',
        params: ActionItemIdParams,
        response: { 200: EpopDocument },
      },
    },
    async (request) => openActionItemDocument(deps, request.params.actionItemId),
  );

  // 'Update invite': the invite's assigned broker (or compliance) changes the invited document.
  app.post(
    '/action-item/:actionItemId',
    {
      config: {
        access: SIGNED_IN,
        ownership: { resource: 'action-item', action: 'update-invite', param: 'actionItemId' },
      },
      schema: {
        summary: "Save the document of an invite (its assigned broker's 'Update invite')",
        params: ActionItemIdParams,
        body: DocumentBody,
        response: { 200: EpopDocument },
      },
    },
    async (request) => saveInvitedDocument(deps, request.caller!, request.params.actionItemId, request.body),
  );

  // `GET epop-document/{documentId}/renew/{userId}` (specs/2-documents.md §4 "Renewal reuses the
  // new-document flow"): the next plan year's document, not stored yet (see `renewalDraft`).
  app.get(
    '/:id/renew/:userId',
    {
      config: { access: SIGNED_IN, ownership: { resource: 'document', action: 'renew', param: 'id' } },
      schema: {
        summary: "The next plan year's document of a document ready for renewal, for the order form",
        params: RenewParams,
        response: { 200: DocumentDraft },
      },
    },
    async (request): Promise<DocumentDraft> =>
      renewalDraft(deps, request.caller!, request.params.id, request.params.userId),
  );
};

const ActionItemIdParams = Type.Object({ actionItemId: Uuid() }, { additionalProperties: false });

const RenewParams = Type.Object(
  { id: Uuid({ description: 'the document to renew' }), userId: UserId() },
  { additionalProperties: false },
);

export default epopDocument;
