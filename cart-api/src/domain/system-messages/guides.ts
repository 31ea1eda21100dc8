import { guidePdf, type GuideFile } from '../../documents/guides/index.js';

/**
 * The guides the app configuration links, made once per process: their text changes only with a
 * deployment, so the first request renders each (about a tenth of a second) and every later one is
 * answered from memory. A failed render is not kept: the next request tries again.
 */
const made = new Map<GuideFile, Promise<Buffer>>();

export function guide(file: GuideFile): Promise<Buffer> {
  let pdf = made.get(file);
  if (!pdf) {
    pdf = guidePdf(file);
    made.set(file, pdf);
    pdf.catch(() => made.delete(file));
  }
  return pdf;
}
