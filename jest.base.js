import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

// Jest runs our TypeScript as native ESM (oidc-provider, openid-client and jose are ESM-only) and swc
// strips the types. Workspace packages are mapped to their src/ by name: an export condition would also
// pick the untranspiled TypeScript some libraries publish under `source` (@react-aria/ssr).
const workspace = fileURLToPath(new URL('.', import.meta.url));
export const workspaceSources = {
  '^shared-domain$': `${workspace}shared-domain/src/index.ts`,
  '^service-kit/server$': `${workspace}service-kit/src/server/index.ts`,
  '^shared-domain/forms$': `${workspace}shared-domain/src/forms/index.ts`,
  '^shared-domain/testing$': `${workspace}shared-domain/src/testing/index.ts`,
  '^shared-ui/forms$': `${workspace}shared-ui/src/forms/index.ts`,
  '^service-kit$': `${workspace}service-kit/src/index.ts`,
  '^shared-ui$': `${workspace}shared-ui/src/index.ts`,
  '^shared-ui/router$': `${workspace}shared-ui/src/router.ts`,
  '^shared-ui/bootstrap$': `${workspace}shared-ui/src/bootstrap.ts`,
  '^shared-ui/testing$': `${workspace}shared-ui/src/testing/index.ts`,
  '^identity-api/testing$': `${workspace}identity-api/src/testing.ts`,
  '^cart-api/(app|config)$': `${workspace}cart-api/src/$1.ts`,
  '^(\\.{1,2}/.*)\\.js$': '$1',
  // Jest (before Node 24.9) cannot require() an ES module, which Node 20 itself can. light-my-request
  // (fastify.inject) requires `cookie`, whose 2.x is ESM-only: under Jest it gets 1.x, the same API in CJS.
  '^cookie$': require.resolve('cookie-cjs'),
};

// jsdom with the browser's export conditions, and the encoders react-router needs that jsdom lacks.
const jsdom = {
  testEnvironment: `${workspace}jest.environment.jsdom.cjs`,
  setupFiles: [`${workspace}jest.setup.jsdom.js`],
  setupFilesAfterEnv: [`${workspace}jest.after-env.jsdom.js`],
  testEnvironmentOptions: { customExportConditions: ['browser'] },
};

// Jest's default (cores − 1) runs one suite at a time on the 2-core machines we test on; the suites
// wait on databases, servers and files as much as they compute, so two at a time nearly halve the time
// (cart-api 206 s → 110 s, identity-api 111 s → 62 s). The PostgreSQL run keeps Jest's default: two
// files migrating their schemas at once on one server failed now and then ("schema … does not exist").
const maxWorkers = process.env.TEST_DB === 'postgres' ? undefined : Math.max(2, availableParallelism() - 1);

// Jest's 5 s default fails good tests on a loaded machine (a CI machine is shared, and the suites'
// password hashes, database schemas and real servers take several times longer with both cores busy:
// `pnpm test:stress`). A test that hangs still fails, after a minute; a slow step is measured by bench/.
const testTimeout = 60_000;

// When the run ends Jest gives each worker 500 ms to exit, then kills it and warns "failed to exit
// gracefully" (scripts/jest.mjs fails the run on that warning: it means a leaked server, pool, timer or
// socket). A worker's exit is not instant: its ESM mode keeps every finished file's modules (identity-api's
// heap grows by 40-50 MB a file), and tearing down a heap of 0.5-1 GB took 0.3-0.9 s here, more with the
// cores busy. So a worker gets 5 s, generous for a big heap on a loaded machine and still far short of a
// handle that never closes; and one past 512 MB of heap after a file is replaced by a fresh one, so no
// worker ends the run bloated.
const workerGracefulExitTimeout = 5_000;
const workerIdleMemoryLimit = '512MB';

// Jest's order of the test files, with an all.test.ts weighed by the cases it runs (jest.sequencer.cjs).
const testSequencer = `${workspace}jest.sequencer.cjs`;

/** The options of a whole Jest run: a package's own, or the workspace's (the root jest.config.js). */
export const runOptions = {
  ...(maxWorkers === undefined ? {} : { maxWorkers }),
  testTimeout,
  workerGracefulExitTimeout,
  workerIdleMemoryLimit,
  testSequencer,
};

export function jestConfig({ environment = 'node', ...rest } = {}) {
  return {
    ...runOptions,
    testEnvironment: environment === 'jsdom' ? jsdom.testEnvironment : environment,
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
    ...(environment === 'node' ? { setupFiles: [`${workspace}jest.setup.node.js`] } : {}),
    ...(environment === 'jsdom'
      ? {
          setupFiles: jsdom.setupFiles,
          setupFilesAfterEnv: jsdom.setupFilesAfterEnv,
          testEnvironmentOptions: jsdom.testEnvironmentOptions,
          // The setup file lives at the root: it finds the package's own @testing-library/react (the
          // same instance the tests import) through the package's node_modules.
          modulePaths: ['<rootDir>/node_modules'],
        }
      : {}),
    ...rest,
  };
}
