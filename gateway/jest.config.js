import { jestConfig } from '../jest.base.js';

const base = jestConfig();
export default {
  ...base,
  // Suites start real servers (identity-api, echo upstreams): give them time on a busy CI machine.
  testTimeout: 30000,
  // Jest (before Node 24.9) cannot require() an ES module, which Node 20 itself can. Two CommonJS
  // dependencies do: light-my-request (fastify.inject) and @fastify/static need `cookie` 2 and
  // `content-disposition` 3, both ESM-only. Under Jest, `cookie` resolves to cookie 1.1.1 (CommonJS,
  // the same API: parseCookie, stringifySetCookie) and content-disposition to a stand-in that throws.
  moduleNameMapper: {
    ...base.moduleNameMapper,
    '^cookie$': '<rootDir>/node_modules/cookie-cjs/dist/index.js',
    '^content-disposition$': '<rootDir>/test/shims/content-disposition.cjs',
  },
};
