export * from './messages.js';
export * from './password-policy.js';
export * from './schemas.js';
export * from './types.js';
