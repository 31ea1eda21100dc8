import { jestConfig } from '../jest.base.js';

const base = jestConfig();
export default {
  ...base,
  // @fastify/static requires content-disposition 3, which is ESM-only and so cannot be required under
  // Jest on Node 20 (Node itself can): the tests get a stand-in that throws (downloads are not tested here).
  moduleNameMapper: {
    ...base.moduleNameMapper,
    '^content-disposition$': '<rootDir>/test/shims/content-disposition.cjs',
    // The services themselves, built in-process by test/public-routes.cases.ts (cart-api's are in the base).
    '^identity-api/(app|config)$': '<rootDir>/../identity-api/src/$1.ts',
  },
};
