import { startTracing } from 'service-kit/tracing';

// Tracing first (off unless OTEL_* asks for it): what it instruments must load after it.
await startTracing('cart-api');
const { serve } = await import('service-kit/server');
const { buildApp } = await import('./app.js');
const { loadConfig } = await import('./config.js');

const config = loadConfig();
await serve(await buildApp(config), {
  port: config.port,
  host: config.host,
  name: 'cart-api',
  shutdownTimeoutMs: config.shutdownTimeoutMs,
  shutdownGraceMs: config.shutdownGraceMs,
});
