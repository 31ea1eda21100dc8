import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyInstance,
  type FastifyServerOptions,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorHandler } from './errors.js';
import { loggerOptions, requestIdOf, requestLogging, type LoggerSettings } from './logging.js';
import { openApi, type OpenApiOptions } from './openapi.js';
import { ERROR_SCHEMAS, type MessageErrorBody } from './schemas.js';
import { useContractValidation } from './validation.js';
import type { MetricsSettings } from './server/metrics.js';
import { observability } from './server/observability.js';
import { traceRoutes } from './trace-context.js';

/** What a path the router cannot take answers (400 {message}). */
export const PATH_MESSAGES = {
  paramTooLong: 'A path parameter is too long',
  badPath: 'The path is not valid',
} as const;

/** A Fastify instance whose route schemas are TypeBox types (handlers get typed params, body, reply). */
export type Service = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export interface ServiceOptions {
  /** `false` silences the service (tests); otherwise pino as `loggerOptions` says. */
  logger: false | LoggerSettings;
  /** A 500 carries the error's message and stack (never in production). */
  exposeStackTraces: boolean;
  openApi: OpenApiOptions;
  slowRequestMs?: number;
  /** The level of a quick, successful request's line (requestLogging). */
  successLevel?: 'info' | 'debug';
  trustProxy?: FastifyServerOptions['trustProxy'];
  bodyLimit?: number;
  /**
   * Where `/metrics` is exposed (README "Metrics, readiness and shutdown"); by default read from
   * METRICS_TOKEN, METRICS_PORT and METRICS_HOST (`metricsSettings`). The `service` label is the
   * OpenAPI title.
   */
  metrics?: MetricsSettings;
  /** The bound of each `/readyz` check (2 s). */
  readinessTimeoutMs?: number;
}

/**
 * A service in the one shape both APIs share: the specs' error catalogue, contract validation, one
 * request id from the gateway, one log line per request worth reading, the shared error schemas and
 * the OpenAPI document, metrics and `/readyz`. Register `routeContract` next, then the routes.
 */
export async function createService(options: ServiceOptions): Promise<Service> {
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(options.logger),
    // Fastify's own per-request lines give way to requestLogging's one line (Fastify 5.12 wants this
    // through a LogController: the top-level disableRequestLogging is deprecated, FSTDEP023).
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    genReqId: requestIdOf,
    // The router's own refusals (a path segment over maxParamLength, broken percent-encoding) in the
    // catalogue too: Fastify's default answers 414/400 with its own shape and echoes the whole path.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const message =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? PATH_MESSAGES.paramTooLong : PATH_MESSAGES.badPath;
      void reply.code(400).send({ message } satisfies MessageErrorBody);
    },
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
    ...(options.bodyLimit !== undefined ? { bodyLimit: options.bodyLimit } : {}),
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Filled by routeContract, whichever scope it is registered in: one list of the service's routes.
  app.decorate('contractRoutes', []);
  useContractValidation(app);
  // A write without a payload is the specs' "no payload": validated as `{}`, never "must be object".
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
    done();
  });
  for (const schema of ERROR_SCHEMAS) app.addSchema(schema);
  // First, so every request is timed, refusals of the contract included; `/readyz` runs the checks
  // the service adds (`app.lifecycle.addReadinessCheck`), `/metrics` answers `app.metrics`.
  await app.register(observability, {
    service: options.openApi.title,
    ...(options.metrics ? { metrics: options.metrics } : {}),
    ...(options.readinessTimeoutMs !== undefined ? { readinessTimeoutMs: options.readinessTimeoutMs } : {}),
  });
  await app.register(traceRoutes);
  await app.register(errorHandler, { exposeStackTraces: options.exposeStackTraces });
  await app.register(requestLogging, {
    slowRequestMs: options.slowRequestMs,
    successLevel: options.successLevel,
  });
  await app.register(openApi, options.openApi);
  return app;
}
