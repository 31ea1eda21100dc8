import { fileURLToPath } from 'node:url';

// Jest runs our TypeScript as native ESM (oidc-provider, openid-client and jose are ESM-only) and swc
// strips the types. Workspace packages are mapped to their src/ by name: an export condition would also
// pick the untranspiled TypeScript some libraries publish under `source` (@react-aria/ssr).
const workspace = fileURLToPath(new URL('.', import.meta.url));
export const workspaceSources = {
  '^shared-domain$': `${workspace}shared-domain/src/index.ts`,
  '^shared-domain/server$': `${workspace}shared-domain/src/server/index.ts`,
  '^shared-ui$': `${workspace}shared-ui/src/index.ts`,
  '^identity-api/testing$': `${workspace}identity-api/src/testing.ts`,
  '^(\\.{1,2}/.*)\\.js$': '$1',
};

export function jestConfig({ environment = 'node', ...rest } = {}) {
  return {
    testEnvironment: environment,
    extensionsToTreatAsEsm: ['.ts', '.tsx'],
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/test/**/*.test.ts?(x)'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            target: 'es2022',
            transform: { react: { runtime: 'automatic' } },
          },
          module: { type: 'es6' },
        },
      ],
    },
    transformIgnorePatterns: ['/node_modules/'],
    moduleNameMapper: workspaceSources,
    ...rest,
  };
}
