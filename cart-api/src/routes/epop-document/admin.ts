import { Type, Uuid, type FastifyPluginAsyncTypebox } from 'service-kit';
import { COMPLIANCE } from '../../lib/contract.js';
import { DocumentPartnerSettings } from '../../contract/epop-document.js';
import { documentPartnerSettings, saveDocumentNote } from '../../domain/documents/admin.js';

const DocumentParams = Type.Object({ documentId: Uuid() }, { additionalProperties: false });
const PartnerParams = Type.Object({ documentId: Uuid(), partnerId: Uuid() }, { additionalProperties: false });
const NoteBody = Type.Object(
  { notes: Type.String({ maxLength: 10_000, description: "compliance's note; '' clears it" }) },
  { additionalProperties: false },
);

/** The admin document page's calls (specs/2-documents.md §2 "Admin document page", §7). */
const admin: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/:documentId/note',
    {
      config: {
        access: COMPLIANCE,
        ownership: { resource: 'document', action: 'note', param: 'documentId' },
      },
      schema: {
        summary: "Save compliance's note on a document",
        params: DocumentParams,
        body: NoteBody,
        response: { 200: Type.Object({ documentId: Uuid(), notes: Type.String() }) },
      },
    },
    async (request) =>
      saveDocumentNote(app.db, request.caller!, request.params.documentId, request.body.notes),
  );

  app.get(
    '/:documentId/partner/:partnerId',
    {
      config: {
        access: COMPLIANCE,
        ownership: { resource: 'document', action: 'read', param: 'documentId' },
      },
      schema: {
        summary: "A partner's settings for a document: its account id fields, labels and Colonial block",
        params: PartnerParams,
        response: { 200: DocumentPartnerSettings },
      },
    },
    async (request) => documentPartnerSettings(app.db, request.params.documentId, request.params.partnerId),
  );
};

export default admin;
