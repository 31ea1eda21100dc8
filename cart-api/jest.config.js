import { createRequire } from 'node:module';
import { jestConfig } from '../jest.base.js';

const require = createRequire(import.meta.url);
const base = jestConfig();

export default {
  ...base,
  moduleNameMapper: {
    ...base.moduleNameMapper,
    // app.inject() (light-my-request) require()s `cookie`, whose 2.x is ESM-only; Jest's CommonJS
    // loader on Node 20 cannot require ESM, so point it at cookie 1.x (same stringifySetCookie, CJS).
    '^cookie$': require.resolve('cookie'),
  },
};
