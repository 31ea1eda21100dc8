import { useId } from 'react';
import { Button } from 'shared-ui/bootstrap';
import { apiUrl, Busy, DataTable, formatDateTime, useDownload, type Column } from 'shared-ui';
import { useArchive, type ArchivedFile } from '../api/get-archive.js';

/** specs/2-documents.md §8 "Empty lists", word for word. */
export const NO_GENERATIONS = 'No documents have been generated yet';

/** A file's name, which downloads its archived bytes (each row keeps its own busy state). */
function ArchivedFileLink({ documentId, file }: { documentId: string; file: ArchivedFile }) {
  const { busy, download } = useDownload();
  const url = apiUrl('/epop-document/{documentId}/archive/{archiveId}', {
    documentId,
    archiveId: file.archiveId,
  });
  return (
    <>
      <Button
        variant="link"
        className="p-0 text-start"
        disabled={busy}
        onClick={() => void download(url, file.name)}
      >
        {file.name}
      </Button>
      {busy && <Busy label={`Downloading ${file.name}`} />}
    </>
  );
}

const columns = (documentId: string): Column<ArchivedFile>[] => [
  { key: 'name', header: 'Name', cell: (file) => <ArchivedFileLink documentId={documentId} file={file} /> },
  { key: 'generatedOn', header: 'Generated On', cell: (file) => formatDateTime(file.generatedOn) },
];

/**
 * 'PDF Generation History' (specs/2-documents.md §2): every file generated for the document, newest
 * first; a row's name downloads the archived file, its bytes as they were handed out.
 */
export function GenerationHistory({ documentId }: { documentId: string }) {
  const { data: files } = useArchive(documentId);
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="mb-4">
      <h2 id={`${id}-title`} className="h5">
        PDF Generation History
      </h2>
      <DataTable
        label="Generated files"
        columns={columns(documentId)}
        rows={files}
        rowKey={(file) => file.archiveId}
        empty={NO_GENERATIONS}
        busyLabel="Loading the generation history"
        size="sm"
        hover
      />
    </section>
  );
}
