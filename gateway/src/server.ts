import { serve } from 'service-kit/server';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
await serve(await buildApp(config), { port: config.port, host: config.host, name: 'gateway' });
