import { callerOf, Type, type FastifyPluginAsyncTypebox } from 'service-kit';
import { COMPLIANCE } from '../../lib/contract.js';
import { addTestBcn, testBcns } from '../../domain/colonial/bcn.js';
import { TestBcn } from '../../contract/colonial.js';

/**
 * A BCN (Colonial's billing number) as kept: trimmed, upper case, 1 to 20 letters, digits or hyphens,
 * starting with a letter or digit (README "Colonial files").
 */

const AddBcnBody = Type.Object(
  { bcn: Type.String({ maxLength: 100, description: 'one item of the comma-separated list, as typed' }) },
  { additionalProperties: false, examples: [{ bcn: 'TEST-0001' }] },
);

/**
 * `GET colonial/bcn` (the test BCNs) and `POST colonial/bcn {bcn}` (one of them added). The page
 * splits the comma-separated list and posts each item, so each failure is a toast of its own
 * (specs/3-admin.md §8): a blank item, a malformed one, or one already listed answers `400 {message}`
 * and adds nothing.
 */
const bcnRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/bcn',
    {
      config: { access: COMPLIANCE, ownership: 'none' },
      schema: {
        summary: 'The test BCNs (billing numbers whose return-file rows change nothing)',
        response: { 200: Type.Array(TestBcn) },
      },
    },
    async () => testBcns(app.db),
  );

  app.post(
    '/bcn',
    {
      config: { access: COMPLIANCE, ownership: 'none' },
      schema: {
        summary: 'Add one test BCN (the page posts each item of its comma-separated list)',
        body: AddBcnBody,
        response: { 200: TestBcn },
      },
    },
    async (request) => addTestBcn(app.db, callerOf(request), request.body.bcn),
  );
};

export default bcnRoutes;
