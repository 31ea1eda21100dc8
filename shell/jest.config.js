import { jestConfig } from '../jest.base.js';

/**
 * jsdom with the browser's export conditions. The base config's 'source' condition would also pick
 * the untranspiled TypeScript some libraries publish under 'source' (@react-aria/ssr, used by
 * react-bootstrap), so the workspace packages are mapped to their source explicitly instead.
 */
export default jestConfig({
  environment: 'jsdom',
  setupFiles: ['<rootDir>/jest.setup.js'],
  testEnvironmentOptions: { customExportConditions: ['browser'] },
  moduleNameMapper: {
    '^shared-ui$': '<rootDir>/../shared-ui/src/index.ts',
    '^shared-domain$': '<rootDir>/../shared-domain/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
});
