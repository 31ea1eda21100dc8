import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

/**
 * A style attribute that could load something (`url(…)`, `image-set(…)`, `@import`), run something
 * (old IE's `expression(…)`), or hide either behind a CSS escape (`\75 rl(`).
 */
const LOADING_STYLE = /url\s*\(|image(?:-set)?\s*\(|expression\s*\(|@import|\\/i;

/** Our own DOMPurify instance: its hook stays here, whatever else on the page uses DOMPurify. */
let purifier: Purifier | undefined;

function receiptPurifier(): Purifier {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'style' && LOADING_STYLE.test(data.attrValue)) data.keepAttr = false;
  });
  return purifier;
}

/**
 * The receipt markup the server built (its values escaped there) made safe again in the browser, as
 * defense in depth: HTML only (no SVG or MathML), no scripts, event handlers, iframes, objects,
 * forms or `<style>` elements (they would restyle the whole page), no `javascript:` links, no inline
 * style that loads anything. Tables, classes and the rest of the receipt's markup stay.
 */
export function sanitizeReceipt(markup: string): string {
  return receiptPurifier().sanitize(markup, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'select', 'textarea'],
  });
}

/**
 * The sanitized receipt with each body cell of a table labelled by its column's heading
 * (`data-label`), which the stacked layout of a narrow screen shows before the value. Only text is
 * added, in an inert template: nothing of the markup runs.
 */
export function labelReceiptCells(safe: string): string {
  const template = document.createElement('template');
  template.innerHTML = safe;
  for (const table of template.content.querySelectorAll('table')) {
    const headings = Array.from(table.querySelectorAll('thead tr:first-child > th'), (th) =>
      (th.textContent ?? '').trim(),
    );
    for (const row of table.querySelectorAll('tbody tr')) {
      Array.from(row.children).forEach((cell, index) => {
        const heading = headings[index];
        if (cell.tagName === 'TD' && heading) cell.setAttribute('data-label', heading);
      });
    }
  }
  return template.innerHTML;
}
