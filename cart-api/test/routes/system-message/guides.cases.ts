import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pdfText } from 'shared-domain/testing';
import {
  EMPLOYEE_QUICK_REFERENCE_HEADINGS,
  EMPLOYEE_QUICK_REFERENCE_TITLE,
  POP_IMPLEMENTATION_GUIDE_HEADINGS,
  POP_IMPLEMENTATION_GUIDE_TITLE,
} from '../../../src/documents/guides/index.js';
import { guide } from '../../../src/domain/system-messages/guides.js';
import { buildTestApp, type TestContext } from '../../helpers/build.js';

/**
 * The two guides the app configuration links (issue 23 item 4): real PDFs, public (a guest opens
 * them from a plain link, through the gateway's /guides/…), made once per process.
 */
describe('GET /system-message/guide/…pdf', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** The text as a reader sees it: pdfjs splits words at the hyphens pdfmake may break lines at. */
  const readable = async (pdf: Buffer) => {
    const { text, pages } = await pdfText(pdf);
    return { text: text.replace(/(\w)- (?=\w)/g, '$1-'), pages };
  };
  const download = (file: string) => ctx.app.inject({ method: 'GET', url: `/system-message/guide/${file}` });

  it('serves the POP implementation guide to a guest: a PDF with every heading, step by step', async () => {
    const response = await download('pop-implementation-guide.pdf');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="pop-implementation-guide.pdf"; filename*=UTF-8''pop-implementation-guide.pdf`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = await readable(response.rawPayload);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(POP_IMPLEMENTATION_GUIDE_TITLE);
    for (const heading of Object.values(POP_IMPLEMENTATION_GUIDE_HEADINGS)) expect(text).toContain(heading);
    // What the domain notes say of a POP: its law, the 25% key-employee limit, the safe harbor, no retroactive adoption.
    expect(text).toContain('Section 125 of the Internal Revenue Code');
    expect(text).toContain('§1.125-7(f)');
    expect(text).toContain('cannot be adopted retroactively');
    expect(text).toContain('at most 25% of the total');
    expect(text).toContain('$183.60 of FICA (7.65%)');
  });

  it('serves the employee quick reference guide on one page', async () => {
    const response = await download('employee-quick-reference-guide.pdf');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = await readable(response.rawPayload);
    expect(pages).toBe(1);
    expect(text).toContain(EMPLOYEE_QUICK_REFERENCE_TITLE);
    for (const heading of Object.values(EMPLOYEE_QUICK_REFERENCE_HEADINGS)) expect(text).toContain(heading);
    expect(text).toContain('marriage, divorce, legal separation or annulment');
  });

  it('makes each guide once per process: every later request answers the same bytes', async () => {
    const first = await download('employee-quick-reference-guide.pdf');
    const second = await download('employee-quick-reference-guide.pdf');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    // Not rendered again (a render stamps its own creation time): the very same buffer.
    expect(await guide('pop-implementation-guide.pdf')).toBe(await guide('pop-implementation-guide.pdf'));
  });

  it('answers 404 for any other file', async () => {
    expect((await download('secret.pdf')).statusCode).toBe(404);
  });
});
