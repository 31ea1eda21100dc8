// A worker that makes the page's first Intl formatters once and ends (intl-warm-up.ts). It imports
// nothing shared: a worker has no federation share scope.
import { warmUpFormatters } from './intl-formats.js';

warmUpFormatters();
(globalThis as unknown as { close(): void }).close();
