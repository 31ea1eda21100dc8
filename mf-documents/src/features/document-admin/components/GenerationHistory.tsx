import { useId } from 'react';
import { Button, Table } from 'react-bootstrap';
import { apiUrl, Busy, formatDateTime, useDownload } from 'shared-ui';
import { useArchive, type ArchivedFile } from '../api/get-archive.js';

/** specs/2-documents.md §8 "Empty lists", word for word. */
export const NO_GENERATIONS = 'No documents have been generated yet';

function HistoryRow({ documentId, file }: { documentId: string; file: ArchivedFile }) {
  const { busy, download } = useDownload();
  const url = apiUrl('/epop-document/{documentId}/archive/{archiveId}', {
    documentId,
    archiveId: file.archiveId,
  });
  return (
    <tr>
      <td>
        <Button
          variant="link"
          className="p-0 text-start"
          disabled={busy}
          onClick={() => void download(url, file.name)}
        >
          {file.name}
        </Button>
        {busy && <Busy label={`Downloading ${file.name}`} />}
      </td>
      <td>{formatDateTime(file.generatedOn)}</td>
    </tr>
  );
}

/**
 * 'PDF Generation History' (specs/2-documents.md §2): every file generated for the document, newest
 * first; a row's name downloads the archived file, its bytes as they were handed out.
 */
export function GenerationHistory({ documentId }: { documentId: string }) {
  const { data: files } = useArchive(documentId);
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="mb-4">
      <h3 id={`${id}-title`} className="h5">
        PDF Generation History
      </h3>
      {!files ? (
        <Busy label="Loading the generation history" />
      ) : files.length === 0 ? (
        <p className="text-muted">{NO_GENERATIONS}</p>
      ) : (
        <Table responsive hover size="sm" className="align-middle">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Generated On</th>
            </tr>
          </thead>
          <tbody>
            {files.map((file) => (
              <HistoryRow key={file.archiveId} documentId={documentId} file={file} />
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
