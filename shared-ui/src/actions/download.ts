import { useCallback, useState } from 'react';
import { MESSAGES } from 'shared-domain';
import { ApiError, isMessageError } from '../api/errors.js';
import { reportError } from '../api/http.js';

/**
 * The file name a `content-disposition` header gives: RFC 6266's `filename*=UTF-8''…` first, then
 * `filename="…"`; undefined when it names none.
 */
export function fileNameOf(contentDisposition: string | null): string | undefined {
  if (!contentDisposition) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(contentDisposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // a malformed encoding: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]+))/.exec(contentDisposition);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name || undefined;
}

/**
 * Fetches a file through the gateway with the session (same-origin cookie, the CSRF header) and hands
 * it to the browser under the name its `content-disposition` gives (`fallbackName` otherwise).
 * Failures are told as the catalogue says (the answer's JSON body) and thrown as ApiError.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', headers: { 'X-CSRF': '1' } });
  } catch {
    const error = new ApiError(null, null, MESSAGES.connectionError);
    reportError(error);
    throw error;
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as unknown;
    const error = new ApiError(
      response.status,
      body,
      isMessageError(body) ? body.message : `Download failed (${response.status})`,
    );
    reportError(error);
    throw error;
  }
  const name = fileNameOf(response.headers.get('content-disposition')) ?? fallbackName;
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  try {
    const anchor = document.createElement('a');
    anchor.href = href;
    anchor.download = name;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  } finally {
    URL.revokeObjectURL(href);
  }
  return name;
}

/** `download(url, fallbackName)` with its busy state, for a button that shows it is working. */
export function useDownload() {
  const [busy, setBusy] = useState(false);
  const download = useCallback(async (url: string, fallbackName: string) => {
    setBusy(true);
    try {
      return await downloadFile(url, fallbackName);
    } catch {
      return undefined; // told already
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, download };
}
