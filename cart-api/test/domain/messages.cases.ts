import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

/**
 * One message catalogue per domain module (issue 20; README "Where a rule lives"): the texts cart-api
 * answers with (refusals, confirmations, the return file's row results) live in
 * `src/domain/<module>/messages.ts`, one `<MODULE>_MESSAGES` object each, and every other file
 * imports them. This test reads the sources, so a text that lands elsewhere fails here, naming it.
 */
const SRC = fileURLToPath(new URL('../../src', import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const files = sourceFiles(SRC).map((path) => {
  const text = readFileSync(path, 'utf8');
  return { file: relative(SRC, path).split(sep).join('/'), text, lines: text.split('\n') };
});

/**
 * `file:line  code` of each match of `pattern` (which may span lines: a refusal's text on the line after
 * the call counts too), but for matches that start in a comment.
 */
function linesMatching(pattern: RegExp, only: (file: string) => boolean = () => true): string[] {
  return files
    .filter(({ file }) => only(file))
    .flatMap(({ file, text, lines }) =>
      [...text.matchAll(new RegExp(pattern.source, 'g'))].flatMap((match) => {
        const line = text.slice(0, match.index).split('\n').length;
        const code = lines[line - 1]!.trim();
        if (code.startsWith('*') || code.startsWith('/*') || code.startsWith('//')) return [];
        return [`${file}:${line}  ${code}`];
      }),
    );
}

const CATALOGUE_FILE = /^domain\/([a-z-]+)\/messages\.ts$/;
/** The name a module's catalogue must have: `promo-codes` → `PROMO_CODES_MESSAGES`. */
const catalogueName = (module: string) => `${module.toUpperCase().replace(/-/g, '_')}_MESSAGES`;

describe('the message catalogues', () => {
  it('are defined only in src/domain/<module>/messages.ts', () => {
    const catalogue = /\b[A-Z][A-Z_]*(?:MESSAGES|REFUSALS)\s*=/;
    expect(linesMatching(catalogue, (file) => !CATALOGUE_FILE.test(file))).toEqual([]);
  });

  it('are one <MODULE>_MESSAGES object per module, named after its folder', () => {
    const catalogues = files.filter(({ file }) => CATALOGUE_FILE.test(file));
    expect(catalogues.length).toBeGreaterThan(0);
    for (const { file, lines } of catalogues) {
      const module = CATALOGUE_FILE.exec(file)![1]!;
      const exported = lines.flatMap(
        (line) => /^export\s+(?:const|function|class)\s+(\w+)/.exec(line)?.[1] ?? [],
      );
      expect({ file, exported }).toEqual({ file, exported: [catalogueName(module)] });
    }
  });

  it('import only shared-domain and each other, so that any file may import one without a cycle', () => {
    const imports = files
      .filter(({ file }) => CATALOGUE_FILE.test(file))
      .flatMap(({ file, lines }) =>
        lines.flatMap((line) => {
          const from = /^import .* from '([^']+)';$/.exec(line)?.[1];
          return from === undefined || /^shared-domain$|^\.\.\/[a-z-]+\/messages\.js$/.test(from)
            ? []
            : [`${file}  ${line}`];
        }),
      );
    expect(imports).toEqual([]);
  });

  it('hold every refusal: no refusal is thrown with a text written in place', () => {
    const refusal =
      /\b(?:badRequest|notFound|conflict|forbidden|unauthorized|tooManyRequests|ValidationFailure|OrderConflict|ReturnFileError|RowFailure)\(\s*\[?\s*['"`]|\bHttpError\(\s*\d+\s*,\s*['"`]|\bnotFoundMessage:\s*['"`]/;
    expect(linesMatching(refusal)).toEqual([]);
  });

  it('hold the not-found texts too: no *_NOT_FOUND constant outside them', () => {
    expect(linesMatching(/\b[A-Z][A-Z_]*_NOT_FOUND\s*=/, (file) => !CATALOGUE_FILE.test(file))).toEqual([]);
  });

  it('leave no text in a route file: a route imports its module catalogue', () => {
    // The health probe's 503 is the one answer of no domain module (a load balancer reads it).
    expect(
      linesMatching(
        /\bmessage:\s*['"`]/,
        (file) => file.startsWith('routes/') && file !== 'routes/health/index.ts',
      ),
    ).toEqual([]);
  });
});
