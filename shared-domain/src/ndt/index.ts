export * from './evaluate.js';
export * from './limits.js';
export type * from './types.js';
export * from './validate.js';
