export * from './database.js';
export * from './test-database.js';
export * from './migrate.js';
export * from './serve.js';
export * from './mailer.js';
export type * from './route-access.js';
export * from './trust-proxy.js';
export * from './demo-ids.js';
