import { useId, useRef, useState } from 'react';
import { Button } from '../bootstrap.js';

/** specs/3-admin.md §2 "Shared controls": the file upload control's states. */
export type FileUploadStatus = 'init' | 'uploading' | 'success' | 'failed';

export const NO_FILE_CHOSEN = 'No file chosen';

export interface FileUploadProps {
  /** The control's label (the file input's accessible name). */
  label: string;
  /** What the file picker offers (`.xlsx,application/vnd…`); the server still checks the content. */
  accept?: string;
  /** Sends the file; resolves when the server took it (success), rejects when it refused it (failed). */
  onUpload: (file: File) => Promise<unknown>;
  /** Told of each status change (the page starts polling on success). */
  onStatusChange?: (status: FileUploadStatus) => void;
}

/**
 * The file upload control (specs/3-admin.md §2): 'No file chosen' or the chosen file's name; Choose
 * File (Change once a file is chosen), Upload and Clear; its status moves init → uploading → success
 * or failed, and back to init when a file is chosen again or cleared.
 */
export function FileUpload({ label, accept, onUpload, onStatusChange }: FileUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [file, setFile] = useState<File>();
  const [status, setStatus] = useState<FileUploadStatus>('init');

  const moveTo = (next: FileUploadStatus) => {
    setStatus(next);
    onStatusChange?.(next);
  };
  const clear = () => {
    setFile(undefined);
    if (input.current) input.current.value = '';
    moveTo('init');
  };
  async function upload() {
    if (!file) return;
    moveTo('uploading');
    try {
      await onUpload(file);
      moveTo('success');
    } catch {
      moveTo('failed'); // the caller's api client told the user why
    }
  }

  return (
    <div className="d-flex flex-wrap align-items-center gap-2" data-status={status}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        className="d-none"
        onChange={(event) => {
          setFile(event.target.files?.[0] ?? undefined);
          moveTo('init');
        }}
      />
      <Button
        variant="outline-secondary"
        onClick={() => input.current?.click()}
        disabled={status === 'uploading'}
      >
        {file ? 'Change' : 'Choose File'}
      </Button>
      <span className="text-truncate" style={{ maxWidth: '20rem' }} aria-live="polite">
        {file ? file.name : NO_FILE_CHOSEN}
      </span>
      <Button variant="primary" onClick={() => void upload()} disabled={!file || status === 'uploading'}>
        {status === 'uploading' ? 'Uploading…' : 'Upload'}
      </Button>
      <Button variant="outline-secondary" onClick={clear} disabled={!file || status === 'uploading'}>
        Clear
      </Button>
      <span className="visually-hidden" role="status">
        {`Upload status: ${status}`}
      </span>
    </div>
  );
}
