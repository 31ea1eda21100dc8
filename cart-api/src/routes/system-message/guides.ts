import type { FastifyPluginAsyncTypebox } from 'service-kit';
import { GuidePdf } from '../../contract/system-message.js';
import { GUIDES, type GuideFile } from '../../documents/guides/index.js';
import { guide } from '../../domain/system-messages/guides.js';
import { attachment } from '../../lib/download.js';

const SUMMARIES: Record<GuideFile, string> = {
  'pop-implementation-guide.pdf':
    'The POP implementation guide (PDF): what a POP is, who may join, how to put it in place step by step',
  'employee-quick-reference-guide.pdf':
    'The employee quick reference guide (PDF, one page): pre-tax premiums, mid-year changes, whom to ask',
};

/**
 * The two guides, public: the gateway serves them at `/guides/<file>` for a plain link (gateway
 * src/routes/guides), since a link cannot send the `/api` calls' X-CSRF header. A download (the
 * browser saves it), as every file of the product: no viewer page under the shell's security headers.
 */
const guides: FastifyPluginAsyncTypebox = async (app) => {
  for (const file of Object.keys(GUIDES) as GuideFile[]) {
    app.get(
      `/guide/${file}`,
      {
        config: { access: 'public', ownership: 'none' },
        schema: {
          summary: SUMMARIES[file],
          response: { 200: { content: { 'application/pdf': { schema: GuidePdf } } } },
        },
      },
      async (_request, reply) =>
        reply
          .type('application/pdf')
          .header('content-disposition', attachment(file))
          // The same bytes until a deployment changes the text.
          .header('cache-control', 'public, max-age=3600')
          .send(await guide(file)),
    );
  }
};

export default guides;
