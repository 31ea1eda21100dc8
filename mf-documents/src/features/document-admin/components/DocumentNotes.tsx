import { useId, useState } from 'react';
import { Button, Form } from 'shared-ui/bootstrap';
import { Busy, useRefreshDocuments, type EpopDocument } from 'shared-ui';
import { saveNote } from '../api/save-note.js';

/**
 * Compliance's notes on a document (specs/2-documents.md §4 "Admin notes"): read mode, then edit
 * mode through 'Create Note' (no note yet) or 'Edit Note', then Save or Cancel back to read mode.
 */
export function DocumentNotes({ document }: { document: EpopDocument }) {
  const [notes, setNotes] = useState(document.notes ?? '');
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const refresh = useRefreshDocuments();
  const id = useId();

  async function save() {
    if (draft === null) return;
    setSaving(true);
    try {
      const saved = await saveNote(document.documentId, draft);
      setNotes(saved.notes);
      setDraft(null);
      await refresh();
    } catch {
      // told already; the draft stays for another try
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mb-4">
      <h2 id={`${id}-title`} className="h5">
        Notes
      </h2>
      {draft === null ? (
        <>
          {notes ? (
            <p className="border rounded p-2" style={{ whiteSpace: 'pre-wrap' }}>
              {notes}
            </p>
          ) : (
            <p className="text-muted">No notes have been written for this document.</p>
          )}
          <Button variant="outline-primary" onClick={() => setDraft(notes)}>
            {notes ? 'Edit Note' : 'Create Note'}
          </Button>
        </>
      ) : (
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Form.Group className="mb-2" controlId={`${id}-notes`}>
            <Form.Label>Note</Form.Label>
            <Form.Control
              as="textarea"
              rows={5}
              maxLength={10_000}
              value={draft}
              autoFocus
              onChange={(event) => setDraft(event.target.value)}
            />
          </Form.Group>
          <div className="d-flex gap-2">
            <Button type="submit" disabled={saving}>
              {saving ? <Busy label="Saving…" /> : 'Save'}
            </Button>
            <Button variant="secondary" disabled={saving} onClick={() => setDraft(null)}>
              Cancel
            </Button>
          </div>
        </Form>
      )}
    </section>
  );
}
