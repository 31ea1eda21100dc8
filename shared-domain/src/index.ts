export * from './accounts/index.js';
export * from './constants.js';
export * from './demo.js';
export * from './messages.js';
export * from './roles.js';
export type * from './types.js';
