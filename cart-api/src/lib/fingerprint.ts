import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const fingerprints = new Map<string, string>();

/**
 * The SHA-256 of the code in these folders (each file's name and text, in name order; sub-folders
 * left out), read once per process: what a generated file's template is, as the running build has it
 * (`.js` in dist, `.ts` under the tests). A deployment that changes a template changes it, so the files
 * made by the old one are made again on their next use, never served as though current.
 */
export function codeFingerprint(folders: URL[]): string {
  const key = folders.map((folder) => folder.href).join('\n');
  const known = fingerprints.get(key);
  if (known) return known;
  const hash = createHash('sha256');
  for (const [index, folder] of folders.entries()) {
    const path = fileURLToPath(folder);
    const files = readdirSync(path, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name)
      .sort();
    for (const name of files) {
      // The folder's place in the list, not its path: every instance of one build agrees.
      hash.update(`${index}/${name}\n`);
      hash.update(readFileSync(`${path}/${name}`));
    }
  }
  const fingerprint = hash.digest('hex');
  fingerprints.set(key, fingerprint);
  return fingerprint;
}

/** JSON with every object's keys in order: equal values, equal text (the input of a content hash). */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

/** The SHA-256 (hex) of a value's stable JSON. */
export const contentHash = (value: unknown): string =>
  createHash('sha256').update(stableJson(value)).digest('hex');
