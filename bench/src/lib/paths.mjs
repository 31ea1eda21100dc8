import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** bench/ and the repository root, whatever the working directory. */
export const benchDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const repoRoot = resolve(benchDir, '..');
