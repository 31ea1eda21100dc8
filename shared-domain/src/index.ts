export * from './accounts/index.js';
export * from './checkout.js';
export * from './constants.js';
export * from './demo.js';
export * from './html.js';
export * from './messages.js';
export * from './format.js';
export * from './roles.js';
export type * from './types.js';
