// Jest runs our TypeScript as native ESM (oidc-provider, openid-client and jose are ESM-only):
// swc strips the types, the `source` export condition points workspace packages at their src/.
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
    moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
    testEnvironmentOptions: { customExportConditions: ['source', 'node', 'node-addons'] },
    ...rest,
  };
}
