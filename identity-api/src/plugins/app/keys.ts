import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import { KeyRing, rotationPolicy } from '../../oidc/keys.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The signing and cookie keys this instance applies (src/oidc/keys.ts). */
    keyRing: KeyRing;
  }
}

export interface KeyRingOptions {
  config: Config;
  /** The clock of the key decisions (tests move it). */
  now?: () => Date;
  /** false: no reload timer (tests call `app.keyRing.tick()`). */
  timer?: boolean;
}

/**
 * Loads the key set before the provider and the bearer checks are built, then rereads it every
 * KEY_RELOAD_MS (rotating on schedule). Registered after the db plugin: it stops before the database closes.
 */
export default fp<KeyRingOptions>(
  async (app, { config, now, timer = true }) => {
    const ring = new KeyRing(app.identityDb, rotationPolicy(config), now, app.log);
    await ring.load();
    app.decorate('keyRing', ring);
    if (timer) ring.start(config.keys.reloadMs);
    app.addHook('onClose', async () => ring.stop());
  },
  { name: 'keys', dependencies: ['db'] },
);
