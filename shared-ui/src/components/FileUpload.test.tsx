import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { FileUpload, type FileUploadStatus } from './FileUpload.js';

afterEach(cleanup);

const status = () => screen.getByText(/^Upload status:/).textContent;

describe('FileUpload', () => {
  it('moves init → uploading → success, Change replaces Choose File, Clear starts over', async () => {
    let finish: () => void = () => undefined;
    const seen: FileUploadStatus[] = [];
    const uploaded: string[] = [];
    render(
      <FileUpload
        label="A file"
        onUpload={(file) => {
          uploaded.push(file.name);
          return new Promise<void>((resolve) => (finish = resolve));
        }}
        onStatusChange={(next) => seen.push(next)}
      />,
    );
    expect(screen.getByText('No file chosen')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose File' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Clear' }) as HTMLButtonElement).disabled).toBe(true);
    expect(status()).toBe('Upload status: init');

    fireEvent.change(screen.getByLabelText('A file'), { target: { files: [new File(['x'], 'one.xlsx')] } });
    expect(screen.getByText('one.xlsx')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(status()).toBe('Upload status: uploading');
    expect((screen.getByRole('button', { name: 'Uploading…' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => finish());
    expect(status()).toBe('Upload status: success');
    expect(uploaded).toEqual(['one.xlsx']);

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('No file chosen')).toBeTruthy();
    expect(status()).toBe('Upload status: init');
    expect(seen).toEqual(['init', 'uploading', 'success', 'init']);
  });

  it('says failed when the upload is refused', async () => {
    render(<FileUpload label="A file" onUpload={() => Promise.reject(new Error('refused'))} />);
    fireEvent.change(screen.getByLabelText('A file'), { target: { files: [new File(['x'], 'bad.xls')] } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    });
    expect(status()).toBe('Upload status: failed');
  });
});
