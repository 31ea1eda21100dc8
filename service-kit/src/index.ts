// service-kit: the one shape of cart-api and identity-api (README "How to add an endpoint").
export * from './caller.js';
export * from './contract.js';
export * from './errors.js';
export * from './logging.js';
export * from './openapi.js';
export * from './redact.js';
export * from './schemas.js';
export * from './service.js';
export { traceRoutes } from './trace-context.js';
export { useContractValidation } from './validation.js';
export { Type, type Static, type TSchema } from 'typebox';
export type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
