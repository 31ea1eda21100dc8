import DOMPurify from 'dompurify';

/** Server markup (the receipt) without scripts, event handlers or javascript: links. */
export function sanitizeMarkup(markup: string): string {
  return DOMPurify.sanitize(markup);
}
