import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from 'shared-domain';
import { ToastHost } from '../feedback/toasts.js';
import { downloadFile, fileNameOf } from './download.js';
import { ModalDialog, UNRECOGNIZED_BUTTONS, type DialogButtons } from './ModalDialog.js';

afterEach(cleanup);

describe('ModalDialog', () => {
  it("is titled 'No title' by default, with the close cross and the Close button", () => {
    const onClose = jest.fn();
    render(<ModalDialog show onClose={onClose} />);
    expect(screen.getByText('No title')).toBeTruthy();
    // The cross and the button bar's Close.
    const [cross, close] = screen.getAllByRole('button', { name: 'Close' });
    expect(cross!.className).toContain('btn-close');
    fireEvent.click(close!);
    fireEvent.click(cross!);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('save-cancel: a validation message keeps it open, an error shows in the banner, success closes', async () => {
    const onClose = jest.fn();
    const answers: (() => string | void)[] = [
      () => 'Name is required',
      () => {
        throw new Error('Server refused');
      },
      () => undefined,
    ];
    render(
      <ModalDialog
        show
        title="Edit"
        buttons="save-cancel"
        onSave={() => answers.shift()!()}
        onClose={onClose}
      >
        <p>body</p>
      </ModalDialog>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Server refused')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it("buttons 'none' shows no button bar; any other value says 'Unrecognized value of buttons'", () => {
    render(<ModalDialog show buttons="none" onClose={() => undefined} />);
    // The close cross only: no button bar.
    expect(screen.getAllByRole('button').map((button) => button.className)).toEqual(['btn-close']);
    cleanup();
    render(<ModalDialog show buttons={'ok-maybe' as DialogButtons} onClose={() => undefined} />);
    expect(screen.getByText(UNRECOGNIZED_BUTTONS)).toBeTruthy();
  });
});

describe('the download helper', () => {
  it.each([
    ['attachment; filename="receipt 1001.pdf"', 'receipt 1001.pdf'],
    ['attachment; filename*=UTF-8\'\'Re%C3%A7u%201001.pdf; filename="Recu.pdf"', 'Reçu 1001.pdf'],
    ['attachment; filename=plan.zip', 'plan.zip'],
    ['attachment', undefined],
    [null, undefined],
  ])('names %s as %s', (header, name) => {
    expect(fileNameOf(header)).toBe(name);
  });

  it('fetches with the session, saves under the server’s name, and tells a failure as the catalogue says', async () => {
    const clicked: string[] = [];
    const realClick = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
      clicked.push(this.download);
    };
    URL.createObjectURL = () => 'blob:file';
    URL.revokeObjectURL = () => undefined;
    const requests: Request[] = [];
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push(new Request(new URL(String(input), 'http://localhost'), init));
      return requests.length === 1
        ? new Response('%PDF-1.7', {
            headers: { 'content-disposition': 'attachment; filename="receipt.pdf"' },
          })
        : new Response(JSON.stringify({ message: 'Receipt not found' }), {
            status: 404,
            headers: { 'content-type': 'application/json' },
          });
    }) as typeof fetch;
    try {
      render(<ToastHost />);
      await expect(downloadFile('/api/order/o-1/receipt/download', 'fallback.pdf')).resolves.toBe(
        'receipt.pdf',
      );
      expect(clicked).toEqual(['receipt.pdf']);
      expect(requests[0]!.headers.get('x-csrf')).toBe('1');
      await act(async () => {
        await downloadFile('/api/order/o-2/receipt/download', 'fallback.pdf').catch(() => undefined);
      });
      expect(await screen.findByText('Receipt not found')).toBeTruthy();
      expect(clicked).toHaveLength(1);
      expect(MESSAGES.connectionError).toBeTruthy();
    } finally {
      HTMLAnchorElement.prototype.click = realClick;
    }
  });
});
