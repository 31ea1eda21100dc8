// Lets a child `node` process run cart-api's TypeScript as Jest does (swc strips the types), for the
// tests that kill a real worker process: `node --conditions=source --import ./ts-loader.mjs child.ts`.
// `--conditions=source` picks the workspace packages' TypeScript entry points (service-kit/server).
import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);
