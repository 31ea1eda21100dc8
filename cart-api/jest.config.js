import { jestConfig } from '../jest.base.js';

// Each suite builds the service on a fresh database (a PostgreSQL schema, migrated) before its tests:
// on a loaded 2-core machine that takes more than Jest's default 5 s.
export default jestConfig({ testTimeout: 30_000 });
