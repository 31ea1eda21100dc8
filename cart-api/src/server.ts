import { buildApp } from './app.js';
import { loadConfig } from './config.js';

// Starts cart-api: migrates, listens (loopback by default), and closes cleanly on SIGINT/SIGTERM.
const config = loadConfig();
const app = await buildApp(config);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.error({ err: error }, 'cart-api failed to start');
  await app.close();
  process.exit(1);
}
