import { createService, type Service } from 'service-kit';
import { fastifyTrustProxy } from 'service-kit/server';
import type { Config } from './config.js';
import backgroundPlugin from './plugins/app/background.js';
import dbPlugin from './plugins/app/db.js';
import keysPlugin from './plugins/app/keys.js';
import mailerPlugin from './plugins/app/mailer.js';
import oidcPlugin from './plugins/app/oidc.js';
import healthzRoutes from './routes/healthz/index.js';
import accountRoutes from './routes/index.js';
import internalRoutes from './routes/internal/index.js';

export interface BuildOptions {
  /** `false` silences the service; a stream replaces stdout (tests read it). */
  logger?: false;
  logStream?: { write(line: string): void };
  /** The key ring's clock and reload timer (tests: a movable clock, no timer, `app.keyRing.tick()`). */
  keys?: { now?: () => Date; timer?: boolean };
}

/** Composes the service on the service kit; starts nothing (see server.ts). */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<Service> {
  const app = await createService({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            production: config.production,
            // Request URLs can carry one-time tokens: service-kit's logger redacts them (redactUrl).
            stream: options.logStream,
          },
    exposeStackTraces: !config.production,
    // Account operations (registrations, resets, setups) are the record of who did what: kept at info.
    successLevel: 'info',
    // The sign-in page limits per client address: X-Forwarded-For counts only from configured proxies.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    openApi: {
      title: 'identity-api',
      version: '1.0.0',
      description: 'Accounts: registration, profile, password reset, first-login setup.',
    },
  });
  await app.register(dbPlugin, { config });
  await app.register(keysPlugin, { config, ...options.keys });
  await app.register(oidcPlugin, { config });
  await app.register(healthzRoutes);
  // After db: background work (e-mails) finishes before the database closes.
  await app.register(mailerPlugin, { config });
  await app.register(backgroundPlugin);
  await app.register(accountRoutes, { config });
  // Apart from the account scope: cart-api's service routes, never a browser's.
  await app.register(internalRoutes, { config });
  return app;
}
